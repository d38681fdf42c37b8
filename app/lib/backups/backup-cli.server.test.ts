import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../platform/db.server'
import { EmbeddedDatabase } from '../platform/embedded-database.server'
import * as folderLock from '../platform/folder-lock.server'
import { recordedBackup } from './backup-runs.server'
import { runBackup, runRestore } from './backup-cli.server'
import { serveBackupRequests } from './control-socket.server'
import { verifyArchive } from './archive-reader.server'
import { ensureBackupKey, readBackupKey } from './backup-key.server'
import { env } from '../platform/env.server'

// The command reads the server's settings from the environment, once.
let work: string
beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'backup-cli-'))
  Object.assign(process.env, {
    DATA_DIR: path.join(work, 'data'),
    STORAGE_DIR: path.join(work, 'storage'),
    BACKUP_DIR: path.join(work, 'backups'),
    BACKUP_KEY_FILE: path.join(work, 'backup-key.txt'),
  })
  delete process.env.BACKUP_KEY
  delete process.env.DATABASE_URL
})
afterAll(async () => {
  await rm(work, { recursive: true, force: true })
})

describe('npm run backup with the embedded database', () => {
  it('asks the running server, and never opens the folder the server holds', async () => {
    const server: DatabaseHandle = await openDatabase({ dataDir: process.env.DATA_DIR! })
    const place = {
      source: { kind: 'embedded' as const, client: server.embedded! },
      outDir: process.env.BACKUP_DIR!,
      storageDir: process.env.STORAGE_DIR!,
      key: () => ensureBackupKey(env(), () => {}),
    }
    const control = await serveBackupRequests(process.env.DATA_DIR!, (out) =>
      recordedBackup(server.db, { ...place, outDir: out ?? place.outDir }),
    )
    const opened = vi.spyOn(EmbeddedDatabase, 'open')
    const locked = vi.spyOn(folderLock, 'lockFolder')
    try {
      const lines: string[] = []
      await runBackup([], (line) => lines.push(line))
      const archive = lines.at(-1)!
      expect(path.dirname(archive)).toBe(process.env.BACKUP_DIR)
      expect((await verifyArchive(archive, { key: await readBackupKey(env()) })).database.source).toBe('embedded')
      expect(opened).not.toHaveBeenCalled()
      expect(locked).not.toHaveBeenCalled()

      // The server answers a failure in one line, and leaves no file behind.
      const notAFolder = path.join(work, 'a-file')
      await writeFile(notAFolder, '')
      await expect(runBackup(['--out', notAFolder])).rejects.toThrow(/EEXIST|ENOTDIR/)
      expect(await readdir(work)).not.toContain(expect.stringMatching(/^\.backup-/))
      // A restore while the server runs is refused before anything is touched.
      await expect(runRestore([archive])).rejects.toThrow(/in use by .*Stop the server before restoring/)
    } finally {
      opened.mockRestore()
      locked.mockRestore()
      await control.close()
      await server.close()
    }
  })

  it('opens the folder itself when no server runs', async () => {
    const lines: string[] = []
    await runBackup(['--out', path.join(work, 'offline')], (line) => lines.push(line))
    expect(lines.at(-1)).toMatch(/offline\/backup-.*\.tar\.gz\.age$/)
    expect(lines[0]).toMatch(/^Backup of \d+ rows in \d+ tables and 0 files/)
  })

  it('explains its arguments', async () => {
    await expect(runBackup(['--outt', 'x'])).rejects.toThrow(/Usage: npm run backup/)
    await expect(runRestore([])).rejects.toThrow(/Which archive\?/)
    await expect(runRestore([path.join(work, 'missing.tar.gz')])).rejects.toThrow(/There is no archive at/)
    await expect(runRestore(['x.tar.gz', '--allow-everything'])).rejects.toThrow(/--allow-unencrypted.*--allow-superuser/)
  })
})
