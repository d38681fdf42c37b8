/**
 * Makes one backup archive: the database's dump, the uploaded files still kept in STORAGE_DIR, and
 * the manifest, as a tar.gz encrypted whole with the backup key (decision 032). Everything is
 * written under temporary names in the backup folder and the archive appears under its own name
 * only when complete (a link, which never replaces an existing file); a failure removes the
 * temporary files and leaves every earlier archive as it was.
 */
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { chmod, link, mkdir, open, readdir, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { dumpDatabase, type DumpSource } from './dump.server'
import { appVersion, buildManifest, DUMP_NAME, FILES_FOLDER, hashFile, MANIFEST_NAME, type Manifest, type Part } from './manifest.server'
import { packArchive, type ArchiveEntry } from './tar.server'
import { encryptToFile } from './archive-crypto.server'
import type { BackupKey } from './backup-key.server'

export interface BackupResult {
  /** The archive's absolute path. */
  path: string
  size: number
  manifest: Manifest
  /** The off-site copy's outcome, when BACKUP_REMOTE is set. */
  offsite?: { ok: true; removed: number } | { ok: false; error: string }
}

/**
 * Archives are named by their UTC time: sorting the names sorts them by age. '.tar.gz.age': an
 * encrypted archive; '.tar.gz': one written before decision 032.
 */
export const ARCHIVE_PATTERN = /^backup-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z(-\d+)?\.tar\.gz(\.age)?$/

function archiveName(now: Date, attempt = 0): string {
  const stamp = now.toISOString().replace(/:/g, '-').replace('.', '-')
  return `backup-${stamp}${attempt ? `-${attempt}` : ''}.tar.gz.age`
}

/** The files under STORAGE_DIR (paths relative to it), leaving out temporary files ('.name'). */
export async function storedFiles(storageDir: string): Promise<string[]> {
  const found: string[] = []
  async function walk(relative: string): Promise<void> {
    let entries
    try {
      entries = await readdir(path.join(storageDir, relative), { withFileTypes: true })
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
      throw error
    }
    for (const entry of entries) {
      if (entry.name.startsWith('.')) continue
      const child = relative ? `${relative}/${entry.name}` : entry.name
      if (entry.isDirectory()) await walk(child)
      else if (entry.isFile()) found.push(child)
    }
  }
  await walk('')
  return found.sort()
}

export async function createBackup({
  source,
  outDir,
  storageDir,
  key,
  now = new Date(),
}: {
  source: DumpSource
  outDir: string
  storageDir: string
  key: BackupKey
  now?: Date
}): Promise<BackupResult> {
  const folder = path.resolve(outDir)
  await privateFolder(folder)
  const temporary = path.join(folder, `.backup-${randomBytes(6).toString('hex')}`)
  const dumpFile = `${temporary}.sql`
  const archiveFile = `${temporary}.tar.gz.age`
  try {
    const info = await dumpDatabase(source, dumpFile)
    const parts: Array<Part & { file: string }> = [{ name: DUMP_NAME, file: dumpFile, ...(await hashFile(dumpFile)) }]
    for (const relative of await storedFiles(storageDir)) {
      const file = path.join(storageDir, relative)
      parts.push({ name: `${FILES_FOLDER}${relative}`, file, ...(await hashFile(file)) })
    }
    const manifest = buildManifest({
      appVersion: appVersion(),
      createdAt: now.toISOString(),
      database: { source: info.source, serverVersion: info.serverVersion },
      lastMigration: info.lastMigration,
      rowCounts: info.rowCounts,
      parts: parts.map(({ name, size, sha256 }) => ({ name, size, sha256 })),
    })
    const manifestBytes = Buffer.from(JSON.stringify(manifest, null, 2) + '\n')
    const entries: ArchiveEntry[] = [
      { name: MANIFEST_NAME, size: manifestBytes.length, open: () => Readable.from([manifestBytes]) },
      ...parts.map((part) => ({ name: part.name, size: part.size, open: () => createReadStream(part.file) })),
    ]
    await encryptToFile(packArchive(entries, now.getTime()), archiveFile, key.secret)
    await chmod(archiveFile, 0o600)
    await syncFile(archiveFile)
    const final = await publish(archiveFile, folder, now)
    return { path: final, size: (await stat(final)).size, manifest }
  } finally {
    await rm(dumpFile, { force: true })
    await rm(archiveFile, { force: true })
  }
}

/**
 * Creates the backup folder readable by its owner only, or narrows an existing one that others
 * could read (0755 from an earlier version or a hand-made folder) to 0700, and says so.
 */
export async function privateFolder(folder: string, log: Pick<Console, 'warn'> = console): Promise<void> {
  await mkdir(folder, { recursive: true, mode: 0o700 })
  const mode = (await stat(folder)).mode & 0o777
  if (mode & 0o077) {
    await chmod(folder, 0o700)
    log.warn(`Backups: ${folder} could be read by other users of this machine (mode ${mode.toString(8)}); it is now 0700.`)
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}

/** Gives the finished archive its name, never replacing a file already there. */
async function publish(archiveFile: string, folder: string, now: Date): Promise<string> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const final = path.join(folder, archiveName(now, attempt))
    try {
      await link(archiveFile, final)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue
      throw error
    }
    // The folder's entry for the new name reaches the disk too.
    await syncFile(folder).catch(() => {})
    return final
  }
  throw new Error(`Could not find a free archive name in ${folder}.`)
}
