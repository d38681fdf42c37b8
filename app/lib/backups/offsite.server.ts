/**
 * Off-site copies through rclone (BACKUP_REMOTE: an rclone remote and path). An archive is copied
 * as it is, already encrypted, after it is written; then only the newest BACKUP_REMOTE_KEEP stay
 * there. A failed copy is reported and recorded, and never removes a local archive. A restore
 * accepts a remote path too: the copy is fetched into a private temporary folder first.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ARCHIVE_PATTERN } from './create-backup.server'

export interface Remote {
  /** 'offsite:clinic-backups' */
  path: string
  keep: number
}

/** An rclone path names a remote ('name:path'); a local file of that name wins. */
function isRemotePath(arg: string): boolean {
  return /^[A-Za-z0-9_][\w.-]*:/.test(arg) && !existsSync(arg)
}

/** A file inside the remote folder: 'offsite:' + name, or 'offsite:folder/' + name. */
function remoteFile(remote: string, name: string): string {
  return remote.endsWith(':') || remote.endsWith('/') ? `${remote}${name}` : `${remote}/${name}`
}

class RcloneError extends Error {}

/** Runs rclone; resolves with its output, rejects with its first error line. */
function rclone(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = ''
    let stderr = ''
    const child = spawn('rclone', args, { stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new RcloneError(
          error.code === 'ENOENT'
            ? 'rclone was not found: install it (Debian: apt install rclone) for BACKUP_REMOTE.'
            : `rclone could not start (${error.code ?? error.message}).`,
        ),
      ),
    )
    child.once('close', (code) => {
      if (code === 0) return resolve(stdout)
      const line =
        stderr
          .split('\n')
          .map((l) => l.replace(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} /, '').trim())
          .find((l) => /ERROR|Failed|error/i.test(l)) ?? `exit ${code}`
      reject(new RcloneError(`rclone: ${line.slice(0, 300)}`))
    })
  })
}

/** Copies the archive to the remote, then removes all but the newest `keep` archives there. */
export async function copyOffsite(file: string, remote: Remote): Promise<{ removed: number }> {
  const name = path.basename(file)
  await rclone(['copyto', file, remoteFile(remote.path, name)])
  const listing = await rclone(['lsf', '--files-only', remote.path])
  const archives = listing
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => ARCHIVE_PATTERN.test(line))
    .sort()
  const old = archives.slice(0, Math.max(0, archives.length - remote.keep))
  for (const oldName of old) await rclone(['deletefile', remoteFile(remote.path, oldName)])
  return { removed: old.length }
}

/**
 * Runs `work` on a local file: the argument itself, or a remote copy fetched into a private
 * temporary folder (mode 0700) that is removed afterwards.
 */
export async function withLocalArchive<T>(
  arg: string,
  print: (line: string) => void,
  work: (file: string, archiveName: string) => Promise<T>,
): Promise<T> {
  if (!isRemotePath(arg)) return work(path.resolve(arg), path.basename(arg))
  const folder = await mkdtemp(path.join(tmpdir(), 'restore-'))
  try {
    const name = path.basename(arg.slice(arg.indexOf(':') + 1)) || 'archive'
    const local = path.join(folder, name)
    print(`Fetching ${arg} …`)
    await rclone(['copyto', arg, local])
    return await work(local, name)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
