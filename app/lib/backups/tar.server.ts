/**
 * Inside its encryption an archive is a gzip-compressed tar file (POSIX ustar, through tar-stream),
 * so that `age -d … | tar -xz` opens it on any machine. Only what backups need: regular files,
 * written and read as streams.
 */
import { PassThrough, type Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'
import tar from 'tar-stream'

export interface ArchiveEntry {
  /** The path inside the archive ('manifest.json', 'files/media/…'). */
  name: string
  size: number
  open(): Readable
}

/** Receives one entry's bytes while the archive is read. */
export interface EntrySink {
  write(chunk: Buffer): void | Promise<void>
  end(): void | Promise<void>
}

export class DamagedArchiveError extends Error {}

/** The entries as a tar.gz stream; an entry whose size differs from what it said fails the stream. */
export function packArchive(entries: ArchiveEntry[], mtime = Date.now()): Readable {
  const pack = tar.pack()
  const gzip = createGzip({ level: 6 })
  const out = new PassThrough()
  void (async () => {
    for (const entry of entries) {
      const sink = pack.entry({ name: entry.name, size: entry.size, mode: 0o600, mtime: new Date(mtime), type: 'file' })
      await new Promise<void>((resolve, reject) => {
        const source = entry.open()
        source.once('error', reject)
        sink.once('error', (error: Error) =>
          reject(new Error(`${entry.name} changed while it was archived (${error.message})`, { cause: error })),
        )
        sink.once('finish', () => resolve())
        source.pipe(sink)
      })
    }
    pack.finalize()
  })().catch((error: unknown) => out.destroy(error as Error))
  pack.once('error', (error: Error) => out.destroy(error))
  pipeline(pack as unknown as Readable, gzip, out).catch((error: unknown) => out.destroy(error as Error))
  return out
}

/**
 * Reads a tar.gz stream from start to end, giving each entry's bytes to the sink `open` returns
 * (null: skipped). A truncated or damaged archive throws DamagedArchiveError; the input's own
 * errors (a failed authentication) are thrown as they are.
 */
export async function readArchive(input: Readable, open: (name: string, size: number) => EntrySink | null): Promise<void> {
  const extract = tar.extract()
  const gunzip = createGunzip()
  let inputError: Error | null = null
  input.once('error', (error) => {
    inputError = error
    gunzip.destroy(error)
  })
  gunzip.once('error', (error) => extract.destroy(inputError ?? error))
  input.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream)
  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header
      if (type !== 'file') throw new DamagedArchiveError(`it holds ${name}, which is not a plain file`)
      const sink = open(name, size)
      for await (const chunk of entry) await sink?.write(chunk as Buffer)
      await sink?.end()
    }
  } catch (error) {
    input.destroy()
    if (inputError) throw inputError
    const code = (error as NodeJS.ErrnoException).code
    // zlib's errors: a file cut short, or bytes that are not what was compressed.
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new DamagedArchiveError(`it is not a complete, undamaged gzip file (${(error as Error).message})`)
    if (/unexpected end|invalid tar header|invalid header/i.test((error as Error).message))
      throw new DamagedArchiveError(`its tar file is damaged or cut short (${(error as Error).message})`)
    throw error
  }
  if (inputError) throw inputError
}
