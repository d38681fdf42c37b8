/**
 * The backup key (decision 032): one secret that encrypts and authenticates every archive. It comes
 * from BACKUP_KEY, or from the file BACKUP_KEY_FILE names, and never lives inside DATA_DIR,
 * BACKUP_DIR or STORAGE_DIR: an archive copied off the machine with those folders is useless
 * without it. A server started without one creates the file and says so, loudly.
 */
import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Env } from '../platform/env.server'

export type KeyConfig = Pick<Env, 'BACKUP_KEY' | 'BACKUP_KEY_FILE' | 'DATA_DIR' | 'BACKUP_DIR' | 'STORAGE_DIR'>

/** 40 or more characters of base64 or base64url: at least 240 bits when made as the docs say. */
const KEY_PATTERN = /^[A-Za-z0-9+/=_-]{40,200}$/

export class BackupKeyError extends Error {}

export interface BackupKey {
  /** The secret itself (age's passphrase: see archive-crypto.server.ts). */
  secret: string
  /** Where it came from, for messages: 'BACKUP_KEY' or the file's absolute path. */
  origin: string
}

function isInside(file: string, folder: string): boolean {
  const relative = path.relative(path.resolve(folder), file)
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative))
}

/** The key file's absolute path, refused when it sits inside a folder that backups copy or hold. */
function keyFilePath(config: KeyConfig): string {
  const file = path.resolve(config.BACKUP_KEY_FILE)
  for (const [name, folder] of [
    ['DATA_DIR', config.DATA_DIR],
    ['BACKUP_DIR', config.BACKUP_DIR],
    ['STORAGE_DIR', config.STORAGE_DIR],
  ] as const) {
    if (isInside(file, folder))
      throw new BackupKeyError(
        `BACKUP_KEY_FILE (${file}) is inside ${name} (${path.resolve(folder)}): whoever copies that folder would hold the key with the archives. Put the key file somewhere else.`,
      )
  }
  return file
}

/** The key in a file's text: its first line that is not empty or a '#' comment. */
function parseKeyFile(text: string, file: string): string {
  const line = text
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('#'))
  if (!line || !KEY_PATTERN.test(line))
    throw new BackupKeyError(
      `${file} does not hold a backup key (a line of 40 or more base64 characters, as openssl rand -base64 32 writes).`,
    )
  return line
}

/** The configured key; throws BackupKeyError when there is none (a restore cannot make one up). */
export async function readBackupKey(config: KeyConfig): Promise<BackupKey> {
  if (config.BACKUP_KEY) return { secret: config.BACKUP_KEY, origin: 'BACKUP_KEY' }
  const file = keyFilePath(config)
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupKeyError(
        `There is no backup key: set BACKUP_KEY, or BACKUP_KEY_FILE to the file that holds it (${file} does not exist). ` +
          'Archives can only be read with the key they were made with.',
      )
    throw error
  }
  return { secret: parseKeyFile(text, file), origin: file }
}

/**
 * The configured key, or a new one written to BACKUP_KEY_FILE (mode 0600, never replacing a file)
 * when none is configured yet; `announce` receives the loud message about the new file.
 */
export async function ensureBackupKey(config: KeyConfig, announce: (message: string) => void): Promise<BackupKey> {
  try {
    return await readBackupKey(config)
  } catch (error) {
    if (!(error instanceof BackupKeyError) || config.BACKUP_KEY) throw error
    const file = keyFilePath(config)
    const secret = randomBytes(32).toString('base64')
    const text =
      "# The key of this site's backup archives (docs/configuration.md#backups). Without it no archive\n" +
      '# can be restored: keep a copy away from this machine (a password manager, a printed sheet in a safe).\n' +
      `${secret}\n`
    try {
      await writeFile(file, text, { mode: 0o600, flag: 'wx' })
    } catch (writeError) {
      if ((writeError as NodeJS.ErrnoException).code === 'EEXIST') return readBackupKey(config)
      throw writeError
    }
    announce(newKeyMessage(file))
    return { secret, origin: file }
  }
}

function newKeyMessage(file: string): string {
  const rule = '!'.repeat(78)
  return [
    rule,
    `A NEW BACKUP KEY was created in ${file}.`,
    'Every backup archive is encrypted with it. LOSE THE KEY, LOSE THE BACKUPS: no one can restore them without it.',
    'Keep a copy away from this machine now: in a password manager, or printed and locked away. For example:',
    `  cat ${file}`,
    'and store the line of letters it shows. On a new machine, put it in BACKUP_KEY or in the file BACKUP_KEY_FILE names.',
    rule,
  ].join('\n')
}
