// Questions about other processes on this machine, for the scripts that find a folder or database
// still in use by one.

/**
 * Whether a process with this id exists (one of another user's counts: signalling it is refused).
 * @param {number} pid
 */
export function isRunning(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM'
  }
}
