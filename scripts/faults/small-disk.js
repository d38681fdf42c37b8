// A small file system of its own for a folder (the embedded database's DATA_DIR): a tmpfs of a few
// megabytes, or where tmpfs cannot be mounted, an ext4 image on a loop device. Filling it to the
// last byte and freeing it again is how the full-disk scenario makes and ends the fault. Mounting
// needs root (or CAP_SYS_ADMIN); without it, `mountSmallDisk` says why and mounts nothing.
import { execFileSync } from 'node:child_process'
import { closeSync, mkdirSync, openSync, statfsSync, writeSync } from 'node:fs'
import path from 'node:path'
import { onCleanup, temporaryFolder } from './cleanup.js'

const MIB = 1024 * 1024

function run(command, args) {
  return execFileSync(command, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
}

function commandError(error) {
  return (error.stderr?.toString().trim() || error.message).split('\n')[0]
}

/** Unmounts, lazily when something still holds a file open (the folder is removed afterwards). */
function unmount(folder) {
  try {
    run('umount', [folder])
  } catch {
    run('umount', ['-l', folder])
  }
}

/**
 * Mounts a file system of `sizeMiB` on `folder` (created if missing). Resolves with
 * { kind, unmount } or throws an error whose message says why neither way was allowed.
 */
export function mountSmallDisk(folder, sizeMiB) {
  mkdirSync(folder, { recursive: true })
  try {
    run('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', folder])
    return { kind: `tmpfs ${sizeMiB} MB`, unmount: onCleanup(`the tmpfs on ${folder}`, () => unmount(folder)) }
  } catch (tmpfsError) {
    const { path: imageFolder, remove: removeImage } = temporaryFolder('faults-disk-', 'the disk image in')
    const image = path.join(imageFolder, 'disk.img')
    try {
      run('truncate', ['-s', `${sizeMiB}M`, image])
      run('mkfs.ext4', ['-q', '-F', '-m', '0', image])
      run('mount', ['-o', 'loop', image, folder])
    } catch (loopError) {
      void removeImage()
      throw new Error(
        `no small file system could be mounted on ${folder}: tmpfs: ${commandError(tmpfsError)}; loop device: ${commandError(loopError)}`,
        { cause: loopError },
      )
    }
    const unmountLoop = onCleanup(`the loop mount on ${folder}`, () => unmount(folder))
    return {
      kind: `ext4 loop ${sizeMiB} MB`,
      unmount: async () => {
        await unmountLoop()
        await removeImage()
      },
    }
  }
}

/** Free bytes on the file system holding `folder`, as an unprivileged writer sees them. */
export function freeBytes(folder) {
  const stats = statfsSync(folder)
  return stats.bavail * stats.bsize
}

/**
 * Writes `file` until the file system refuses (ENOSPC), in 1 MiB then 4 KiB pieces, so that not a
 * block is left; bounded by the space there was. Returns the bytes written.
 */
export function fillUp(file, { limitBytes = freeBytes(path.dirname(file)) + 4 * MIB } = {}) {
  const descriptor = openSync(file, 'a')
  let written = 0
  try {
    for (const size of [MIB, 4096]) {
      const piece = Buffer.alloc(size, 0x5a)
      while (written < limitBytes) {
        try {
          written += writeSync(descriptor, piece)
        } catch (error) {
          if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOSPC') throw error
          break
        }
      }
    }
  } finally {
    closeSync(descriptor)
  }
  return written
}
