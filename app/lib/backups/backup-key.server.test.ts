import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BackupKeyError, ensureBackupKey, readBackupKey, type KeyConfig } from './backup-key.server'

let work: string
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'backup-key-'))
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

function config(overrides: Partial<KeyConfig> = {}): KeyConfig {
  return {
    BACKUP_KEY: undefined,
    BACKUP_KEY_FILE: path.join(work, 'backup-key.txt'),
    DATA_DIR: path.join(work, 'data'),
    BACKUP_DIR: path.join(work, 'backups'),
    STORAGE_DIR: path.join(work, 'storage'),
    ...overrides,
  }
}

describe('the backup key', () => {
  it('is created on first need, readable by its owner only, announced loudly, and then kept', async () => {
    const announced: string[] = []
    const made = await ensureBackupKey(config(), (message) => announced.push(message))
    expect(made.secret).toMatch(/^[A-Za-z0-9+/=]{44}$/)
    expect(made.origin).toBe(path.join(work, 'backup-key.txt'))
    expect((await stat(made.origin)).mode & 0o777).toBe(0o600)
    expect(announced).toHaveLength(1)
    expect(announced[0]).toMatch(/A NEW BACKUP KEY was created in .*backup-key\.txt/)
    expect(announced[0]).toMatch(/LOSE THE KEY, LOSE THE BACKUPS/)
    expect(announced[0]).toMatch(/away from this machine/)
    // The file explains itself; the next start reads the same key and says nothing.
    expect(await readFile(made.origin, 'utf8')).toMatch(/^# The key of this site's backup archives/)
    const again = await ensureBackupKey(config(), (message) => announced.push(message))
    expect(again.secret).toBe(made.secret)
    expect(announced).toHaveLength(1)
  })

  it('comes from BACKUP_KEY when it is set, and is never made up for a restore', async () => {
    const secret = 'x'.repeat(44)
    expect(await readBackupKey(config({ BACKUP_KEY: secret }))).toEqual({ secret, origin: 'BACKUP_KEY' })
    await expect(readBackupKey(config({ BACKUP_KEY_FILE: path.join(work, 'none.txt') }))).rejects.toThrow(
      /There is no backup key: set BACKUP_KEY, or BACKUP_KEY_FILE/,
    )
  })

  it('refuses a key file inside the folders that backups hold or copy, and a file that holds no key', async () => {
    for (const folder of ['DATA_DIR', 'BACKUP_DIR', 'STORAGE_DIR'] as const) {
      const inside = path.join(config()[folder], 'backup-key.txt')
      await expect(ensureBackupKey(config({ BACKUP_KEY_FILE: inside }), () => {})).rejects.toThrow(
        new RegExp(`BACKUP_KEY_FILE .* is inside ${folder}`),
      )
    }
    const short = path.join(work, 'short.txt')
    await writeFile(short, '# a comment\nshort\n')
    await expect(readBackupKey(config({ BACKUP_KEY_FILE: short }))).rejects.toThrow(BackupKeyError)
    await expect(readBackupKey(config({ BACKUP_KEY_FILE: short }))).rejects.toThrow(/does not hold a backup key/)
  })
})
