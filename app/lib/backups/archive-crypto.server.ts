/**
 * An archive's encryption (decision 032): the whole tar.gz, manifest included, is an age file
 * (age-encryption.org/v1) encrypted to the backup key as an age passphrase. age authenticates the
 * header with an HMAC under the file key and every 64 KiB chunk of the payload with
 * ChaCha20-Poly1305 (STREAM), the last chunk marked as last: without the key no one can read an
 * archive, alter one, cut one short or make one that decrypts. `age -d` opens an archive by hand.
 */
import { createReadStream, createWriteStream } from 'node:fs'
import { open } from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import { pipeline } from 'node:stream/promises'
import { Decrypter, Encrypter } from 'age-encryption'

const AGE_MAGIC = 'age-encryption.org/v1\n'

/**
 * scrypt's cost (2^12: 4 MiB, milliseconds). The key is 32 random bytes, not a password a person
 * chose, so a higher cost would guard nothing; a header asking more than 2^16 is refused before
 * scrypt runs, so that a forged file cannot make a restore allocate a gigabyte.
 */
const SCRYPT_LOG_N = 12
const MAX_SCRYPT_LOG_N = 16

export class ArchiveAuthenticationError extends Error {}

/** Encrypts `plain` into `file` (a new file, mode 0600). */
export async function encryptToFile(plain: Readable, file: string, secret: string): Promise<void> {
  const encrypter = new Encrypter()
  encrypter.setPassphrase(secret)
  encrypter.setScryptWorkFactor(SCRYPT_LOG_N)
  const encrypted = await encrypter.encrypt(Readable.toWeb(plain) as ReadableStream<Uint8Array>)
  await pipeline(
    Readable.fromWeb(encrypted as unknown as WebReadableStream<Uint8Array>),
    createWriteStream(file, { flags: 'wx', mode: 0o600 }),
  )
}

/** Whether the file starts as an age file does (an archive made since decision 032). */
export async function isEncryptedArchive(file: string): Promise<boolean> {
  const head = await readHead(file, AGE_MAGIC.length)
  return head.toString('latin1') === AGE_MAGIC
}

async function readHead(file: string, length: number): Promise<Buffer> {
  const handle = await open(file, 'r')
  try {
    const buffer = Buffer.alloc(length)
    const { bytesRead } = await handle.read(buffer, 0, length, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

/**
 * The archive's plain bytes as a stream. A wrong key or a damaged header rejects here; an altered
 * or truncated payload fails the stream, at the chunk where it was altered or at its end.
 */
export async function decryptFromFile(file: string, secret: string): Promise<Readable> {
  const head = (await readHead(file, 512)).toString('latin1')
  const stanza = /^age-encryption\.org\/v1\n-> scrypt [A-Za-z0-9+/]+ (\d{1,2})\n/.exec(head)
  if (!stanza) throw new ArchiveAuthenticationError('it is not an archive encrypted with a backup key')
  if (Number(stanza[1]) > MAX_SCRYPT_LOG_N) throw new ArchiveAuthenticationError('its header asks for an unusual scrypt cost')
  const decrypter = new Decrypter()
  decrypter.addPassphrase(secret)
  let plain: WebReadableStream<Uint8Array>
  try {
    const source = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>
    plain = (await decrypter.decrypt(source)) as unknown as WebReadableStream<Uint8Array>
  } catch (error) {
    throw new ArchiveAuthenticationError(
      /incorrect passphrase|no identity matched/i.test((error as Error).message)
        ? 'it was not made with this backup key (or its header was altered)'
        : `its encryption header is damaged (${(error as Error).message})`,
    )
  }
  return Readable.from(authenticated(Readable.fromWeb(plain)), { objectMode: false })
}

/** The STREAM's own errors ("decryption failed", an early end) name an altered or cut file. */
async function* authenticated(stream: Readable): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of stream) yield Buffer.from(chunk as Uint8Array)
  } catch (error) {
    throw new ArchiveAuthenticationError(`it was altered or cut short after it was made (${(error as Error).message})`)
  }
}
