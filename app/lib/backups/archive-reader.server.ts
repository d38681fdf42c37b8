/**
 * Reading an archive before anything is restored: decrypted and authenticated with the backup key
 * (an encrypted archive), every part checked against the manifest, every statement of the dump
 * checked against what pg_dump writes for our schema (dump-policy.server.ts), uploaded files
 * written only into a staging folder under safe names.
 */
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { DUMP_NAME, FILES_FOLDER, MANIFEST_NAME, parseManifest, type Manifest } from './manifest.server'
import { ScriptError, StatementReader, type Statement } from './sql-script.server'
import { refusal as statementRefusal } from './dump-policy.server'
import { DamagedArchiveError, readArchive, type EntrySink } from './tar.server'
import { ArchiveAuthenticationError, decryptFromFile, isEncryptedArchive } from './archive-crypto.server'
import type { BackupKey } from './backup-key.server'

export class RestoreRefusedError extends Error {}

const MAX_MANIFEST_BYTES = 4 * 1024 * 1024

function refusal(file: string, reason: string): string {
  return `The archive ${file} cannot be restored: ${reason}. Nothing was changed.`
}

/** How to read the archive's plain tar.gz, once per pass. */
export type Opener = () => Promise<Readable>

interface ArchiveAccess {
  open: Opener
  encrypted: boolean
}

/**
 * An encrypted archive opens with the key; one written before archives were encrypted only with
 * `allowUnencrypted`, after a warning: nothing proves who made it.
 */
export async function accessArchive(
  file: string,
  key: BackupKey | null,
  allowUnencrypted: boolean,
  warn: (line: string) => void,
): Promise<ArchiveAccess> {
  let encrypted: boolean
  try {
    if (!(await stat(file)).isFile()) throw new RestoreRefusedError(refusal(file, 'it is not a file'))
    encrypted = await isEncryptedArchive(file)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new RestoreRefusedError(`There is no archive at ${file}.`)
    throw error
  }
  if (encrypted) {
    if (!key)
      throw new RestoreRefusedError(
        refusal(file, 'it is encrypted and no backup key is configured (BACKUP_KEY, or BACKUP_KEY_FILE naming the key file)'),
      )
    return { encrypted, open: () => decryptFromFile(file, key.secret) }
  }
  if (!allowUnencrypted)
    throw new RestoreRefusedError(
      refusal(
        file,
        'it is not encrypted, so nothing proves who made it. An archive made by this version is always encrypted with the backup key; ' +
          'only if you made this one yourself with an earlier version, add --allow-unencrypted (its statements are still checked)',
      ),
    )
  warn(
    `WARNING: ${path.basename(file)} is not encrypted. Nothing proves who made it or that it was not altered; ` +
      'restoring it only because --allow-unencrypted was given. Its statements are checked before anything runs.',
  )
  return { encrypted, open: async () => createReadStream(file) }
}

function hashingSink(onEnd: (sha256: string, size: number) => void, inner?: EntrySink): EntrySink {
  const hash = createHash('sha256')
  let size = 0
  return {
    write: (chunk) => {
      hash.update(chunk)
      size += chunk.length
      return inner?.write(chunk)
    },
    end: async () => {
      await inner?.end()
      onEnd(hash.digest('hex'), size)
    },
  }
}

export interface ReadOptions {
  /** Receives database.sql's statements, each already checked, in order. */
  onStatement?: (statement: Statement) => void | Promise<void>
  /** Where uploaded files are written while they are read (a staging folder). */
  filesInto?: string
}

/** A sink that reads the dump as statements and refuses the first one pg_dump would not write. */
function statementSink(onStatement?: ReadOptions['onStatement']): EntrySink {
  const reader = new StatementReader()
  const take = async (statements: Statement[]) => {
    for (const statement of statements) {
      const reason = statementRefusal(statement)
      if (reason)
        throw new RestoreRefusedError(
          `line ${statement.line} of ${DUMP_NAME} holds ${reason}; only what pg_dump writes for this database runs`,
        )
      await onStatement?.(statement)
    }
  }
  const scriptErrors = (work: () => Promise<void>) =>
    work().catch((error: unknown) => {
      if (error instanceof ScriptError) throw new RestoreRefusedError(`line ${error.line} of ${DUMP_NAME}: ${error.message}`)
      throw error
    })
  return {
    write: (chunk) => scriptErrors(() => take(reader.push(chunk))),
    end: () => scriptErrors(() => take(reader.end())),
  }
}

/** Reads the archive whole and checks every part against the manifest; returns the manifest. */
export async function readChecked(file: string, open: Opener, options: ReadOptions = {}): Promise<Manifest> {
  let manifest: Manifest | null = null
  const seen = new Map<string, { sha256: string; size: number }>()
  try {
    await readArchive(await open(), (name, size) => {
      if (!manifest) {
        if (name !== MANIFEST_NAME || size > MAX_MANIFEST_BYTES) throw new Error(`it does not start with ${MANIFEST_NAME}`)
        const chunks: Buffer[] = []
        return {
          write: (chunk) => void chunks.push(chunk),
          end: () => void (manifest = parseManifest(Buffer.concat(chunks).toString('utf8'))),
        }
      }
      const expected = manifest.parts.find((part) => part.name === name)
      if (!expected || seen.has(name)) throw new Error(`it holds ${name}, which its manifest does not list`)
      return hashingSink((sha256, actual) => seen.set(name, { sha256, size: actual }), innerSink(name, options))
    })
  } catch (error) {
    if (error instanceof RestoreRefusedError) throw new RestoreRefusedError(refusal(file, error.message))
    const code = (error as NodeJS.ErrnoException).code
    if (error instanceof DamagedArchiveError || error instanceof ArchiveAuthenticationError || !code)
      throw new RestoreRefusedError(refusal(file, (error as Error).message))
    throw error
  }
  if (!manifest) throw new RestoreRefusedError(refusal(file, 'it is empty'))
  for (const part of (manifest as Manifest).parts) {
    const found = seen.get(part.name)
    if (!found) throw new RestoreRefusedError(refusal(file, `${part.name} is missing`))
    if (found.sha256 !== part.sha256 || found.size !== part.size)
      throw new RestoreRefusedError(refusal(file, `${part.name} does not match its SHA-256 in the manifest (altered or damaged)`))
  }
  return manifest
}

function innerSink(name: string, options: ReadOptions): EntrySink | undefined {
  if (name === DUMP_NAME) return statementSink(options.onStatement)
  if (name.startsWith(FILES_FOLDER)) {
    const relative = name.slice(FILES_FOLDER.length)
    if (relative.split('/').some((segment) => segment === '..' || segment === '' || segment.startsWith('.')))
      throw new Error(`it holds a file with an unsafe name (${name})`)
    if (!options.filesInto) return undefined
    const file = path.join(options.filesInto, relative)
    let stream: ReturnType<typeof createWriteStream> | null = null
    const opened = async () => {
      if (!stream) {
        await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
        stream = createWriteStream(file, { mode: 0o600 })
      }
      return stream
    }
    return {
      write: async (chunk) => {
        const out = await opened()
        if (!out.write(chunk)) await new Promise<void>((resolve) => out.once('drain', () => resolve()))
      },
      end: async () => {
        const out = await opened()
        out.end()
        await finished(out)
      },
    }
  }
  return undefined
}

/** Checks an archive whole (key, manifest, statements) without restoring it; returns its manifest. */
export async function verifyArchive(
  file: string,
  {
    key = null,
    allowUnencrypted = false,
    warn = console.warn,
  }: { key?: BackupKey | null; allowUnencrypted?: boolean; warn?: (line: string) => void } = {},
): Promise<Manifest> {
  const access = await accessArchive(file, key, allowUnencrypted, warn)
  return readChecked(file, access.open)
}
