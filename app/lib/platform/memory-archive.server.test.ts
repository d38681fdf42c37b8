import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { dropMemoryArchive, keepMemoryArchive, readMemoryArchive } from './memory-archive.server'

describe('the kept archive of a fresh in-memory database', () => {
  // The archives go to the system's temporary folder: here, one of the test's own.
  const systemTemp = os.tmpdir()
  let temp: string
  beforeEach(() => {
    temp = mkdtempSync(path.join(systemTemp, 'memory-archive-'))
    process.env.TMPDIR = temp
  })
  afterEach(() => {
    process.env.TMPDIR = systemTemp
    rmSync(temp, { recursive: true, force: true })
  })

  function migrations(files: Record<string, string>): string {
    const folder = path.join(temp, 'migrations')
    mkdirSync(folder)
    for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text)
    return folder
  }

  it('is read back as it was kept, until it is dropped', async () => {
    const folder = migrations({ '0000_first.sql': 'create table a (id int);' })
    expect(await readMemoryArchive(folder)).toBeNull()
    await keepMemoryArchive(folder, new Uint8Array([1, 2, 3]))
    expect(await readMemoryArchive(folder)).toEqual(new Uint8Array([1, 2, 3]))
    await dropMemoryArchive(folder)
    expect(await readMemoryArchive(folder)).toBeNull()
  })

  it('is another once a migration is added or changed', async () => {
    const folder = migrations({ '0000_first.sql': 'create table a (id int);' })
    await keepMemoryArchive(folder, new Uint8Array([1]))
    writeFileSync(path.join(folder, '0001_second.sql'), 'create table b (id int);')
    expect(await readMemoryArchive(folder)).toBeNull()
    await keepMemoryArchive(folder, new Uint8Array([2]))
    writeFileSync(path.join(folder, '0001_second.sql'), 'create table b (id bigint);')
    expect(await readMemoryArchive(folder)).toBeNull()
  })

  it('replaces the archives of other migrations', async () => {
    const folder = migrations({ '0000_first.sql': 'create table a (id int);' })
    await keepMemoryArchive(folder, new Uint8Array([1]))
    writeFileSync(path.join(folder, '0001_second.sql'), 'create table b (id int);')
    await keepMemoryArchive(folder, new Uint8Array([2]))
    expect(readdirSync(temp).filter((name) => name.endsWith('.tar'))).toHaveLength(1)
    expect(await readMemoryArchive(folder)).toEqual(new Uint8Array([2]))
  })
})
