import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { createServer } from 'node:net'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { FolderInUseError, lockAddress, lockFolder, OWNER_FILE, type FolderLock, type LockKind } from './folder-lock.server'

/** Above Linux's largest pid (2^22): no process has it. */
const ENDED_PID = 4_194_305

const kinds: LockKind[] = process.platform === 'linux' ? ['abstract', 'file'] : process.platform === 'win32' ? ['pipe'] : ['file']

describe.each(kinds)('the data folder lock (%s)', (kind) => {
  const held: FolderLock[] = []
  const folders: string[] = []
  const folder = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kabul-dental-lock-'))
    folders.push(dir)
    return dir
  }
  afterEach(async () => {
    for (const lock of held.splice(0)) await lock.release()
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('one holder at a time; the refusal names the holder; released, it can be taken again', async () => {
    const dir = folder()
    held.push(await lockFolder(dir, kind))
    expect(readFileSync(path.join(dir, OWNER_FILE), 'utf8')).toBe(String(process.pid))
    const refused = await lockFolder(dir, kind).then(
      () => null,
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(FolderInUseError)
    expect((refused as Error).message).toContain(`is in use by process ${process.pid}`)
    await held.pop()!.release()
    held.push(await lockFolder(dir, kind))
  })

  it('an owner too busy to answer is named from the pid it wrote next to the data', async () => {
    const dir = folder()
    // A holder whose process does not answer on the lock (its start keeps it busy).
    const silent = createServer(() => {})
    await new Promise<void>((resolve) => silent.listen({ path: lockAddress(realpathSync(dir), kind), exclusive: true }, resolve))
    try {
      writeFileSync(path.join(dir, OWNER_FILE), String(process.pid))
      await expect(lockFolder(dir, kind)).rejects.toThrow(`is in use by process ${process.pid}`)
      // A pid on file whose process has ended is not named.
      writeFileSync(path.join(dir, OWNER_FILE), String(ENDED_PID))
      await expect(lockFolder(dir, kind)).rejects.toThrow('is in use by another process')
    } finally {
      silent.close()
    }
  })

  it('the same folder by another path (a symbolic parent, a trailing slash) is the same lock', async () => {
    const dir = folder()
    held.push(await lockFolder(dir, kind))
    await expect(lockFolder(`${dir}/./`, kind)).rejects.toBeInstanceOf(FolderInUseError)
  })

  it('of many attempts at the same instant, exactly one gets the lock', async () => {
    const dir = folder()
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockFolder(dir, kind)))
    const won = results.filter((r): r is PromiseFulfilledResult<FolderLock> => r.status === 'fulfilled')
    held.push(...won.map((r) => r.value))
    expect(won).toHaveLength(1)
  })
})

describe.skipIf(process.platform === 'win32')('the socket-file lock of other systems', () => {
  it('takes over a socket file left by a process that ended without closing it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kabul-dental-lock-'))
    const leftover = lockAddress(realpathSync(dir), 'file')
    try {
      // What a killed process leaves: the file is there, nobody listens on it.
      writeFileSync(leftover, '')
      const lock = await lockFolder(dir, 'file')
      await expect(lockFolder(dir, 'file')).rejects.toBeInstanceOf(FolderInUseError)
      await lock.release()
    } finally {
      rmSync(leftover, { force: true })
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
