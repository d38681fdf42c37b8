/**
 * A backup archive is a gzip-compressed tar file (POSIX ustar), so that `tar -xzf` opens it on any
 * machine. Only what backups need: regular files, written and read as streams.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGunzip, createGzip } from 'node:zlib'

const BLOCK = 512

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

function octal(value: number, length: number): string {
  return value.toString(8).padStart(length - 1, '0') + '\0'
}

function splitName(name: string): { prefix: string; name: string } {
  if (Buffer.byteLength(name) <= 100) return { prefix: '', name }
  const cut = name.lastIndexOf('/', 155)
  if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`The name ${name} is too long for the archive.`)
  return { prefix: name.slice(0, cut), name: name.slice(cut + 1) }
}

function header(entry: { name: string; size: number }, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK)
  const { prefix, name } = splitName(entry.name)
  block.write(name, 0, 100, 'utf8')
  block.write(octal(0o600, 8), 100, 'ascii')
  block.write(octal(0, 8), 108, 'ascii')
  block.write(octal(0, 8), 116, 'ascii')
  block.write(octal(entry.size, 12), 124, 'ascii')
  block.write(octal(Math.floor(mtime / 1000), 12), 136, 'ascii')
  block.write('        ', 148, 'ascii')
  block.write('0', 156, 'ascii')
  block.write('ustar\0', 257, 'ascii')
  block.write('00', 263, 'ascii')
  block.write(prefix, 345, 155, 'utf8')
  block.write(octal(checksum(block), 7) + ' ', 148, 'ascii')
  return block
}

function checksum(block: Buffer): number {
  let sum = 0
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!
  return sum
}

function padding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK)
}

/** Writes the entries into a new file (which must not exist), readable by its owner only. */
export async function writeArchive(file: string, entries: ArchiveEntry[], mtime = Date.now()): Promise<void> {
  async function* blocks() {
    for (const entry of entries) {
      yield header(entry, mtime)
      let written = 0
      for await (const chunk of entry.open()) {
        written += (chunk as Buffer).length
        yield chunk as Buffer
      }
      if (written !== entry.size) throw new Error(`${entry.name} changed while it was archived.`)
      yield padding(entry.size)
    }
    yield Buffer.alloc(BLOCK * 2)
  }
  await pipeline(Readable.from(blocks()), createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx', mode: 0o600 }))
}

/**
 * Reads the archive from start to end, giving each entry's bytes to the sink `open` returns
 * (null: skipped). A truncated or damaged file throws DamagedArchiveError.
 */
export async function readArchive(file: string, open: (name: string, size: number) => EntrySink | null): Promise<void> {
  let pending: Buffer = Buffer.alloc(0)
  let current: { sink: EntrySink | null; left: number; pad: number } | null = null
  let ended = false
  const input = createReadStream(file).pipe(createGunzip())
  try {
    for await (const chunk of input) {
      pending = pending.length ? Buffer.concat([pending, chunk as Buffer]) : (chunk as Buffer)
      while (!ended) {
        if (current) {
          if (current.left > 0) {
            if (pending.length === 0) break
            const part = pending.subarray(0, Math.min(current.left, pending.length))
            pending = pending.subarray(part.length)
            current.left -= part.length
            await current.sink?.write(part)
            continue
          }
          if (pending.length < current.pad) break
          pending = pending.subarray(current.pad)
          await current.sink?.end()
          current = null
          continue
        }
        if (pending.length < BLOCK) break
        const block = pending.subarray(0, BLOCK)
        pending = pending.subarray(BLOCK)
        if (block.every((byte) => byte === 0)) {
          ended = true
          break
        }
        const stored = parseInt(block.toString('ascii', 148, 156).replace(/\0.*$/s, '').trim(), 8)
        if (stored !== checksum(block)) throw new DamagedArchiveError('an entry header is damaged')
        const size = parseInt(block.toString('ascii', 124, 136).replace(/\0.*$/s, '').trim(), 8)
        const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '')
        const prefix = block.toString('utf8', 345, 500).replace(/\0.*$/s, '')
        current = { sink: open(prefix ? `${prefix}/${name}` : name, size), left: size, pad: padding(size).length }
      }
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    // zlib's errors: a file cut short, or bytes that are not what was compressed.
    if (typeof code === 'string' && code.startsWith('Z_'))
      throw new DamagedArchiveError(`it is not a complete, undamaged gzip file (${(error as Error).message})`)
    throw error
  }
  if (!ended) throw new DamagedArchiveError('it ends before its last entry (truncated)')
}
