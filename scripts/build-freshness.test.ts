import { mkdirSync, mkdtempSync, rmSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { staleReason } from './build-freshness.js'

const SOURCES = ['app', 'server.js', 'public']
const BEFORE_BUILD = new Date('2025-01-01T00:00:00Z')
const BUILT = new Date('2025-01-02T00:00:00Z')
const AFTER_BUILD = new Date('2025-01-03T00:00:00Z')

let root: string

function write(relative: string, time: Date) {
  const file = path.join(root, relative)
  mkdirSync(path.dirname(file), { recursive: true })
  writeFileSync(file, '')
  utimesSync(file, time, time)
}

function touch(relative: string, time: Date) {
  utimesSync(path.join(root, relative), time, time)
}

/** A project whose sources all date from before its build. */
function currentProject() {
  write('app/routes/home.tsx', BEFORE_BUILD)
  write('server.js', BEFORE_BUILD)
  write('build/build-complete', BUILT)
  for (const folder of ['app/routes', 'app']) touch(folder, BEFORE_BUILD)
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-freshness-'))
})

afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('staleReason', () => {
  it('builds when there is no build', () => {
    write('app/root.tsx', BEFORE_BUILD)
    expect(staleReason(root, 'build', SOURCES)).toBe('build has no complete build')
  })

  it('builds again when a build stopped before its last step', () => {
    currentProject()
    unlinkSync(path.join(root, 'build/build-complete'))
    write('build/server/index.js', BUILT)
    expect(staleReason(root, 'build', SOURCES)).toBe('build has no complete build')
  })

  it('skips the build when every source is older than it (missing sources count as unchanged)', () => {
    currentProject()
    expect(staleReason(root, 'build', SOURCES)).toBeNull()
  })

  it('builds when a file deep in a source folder changed after the build', () => {
    currentProject()
    touch('app/routes/home.tsx', AFTER_BUILD)
    expect(staleReason(root, 'build', SOURCES)).toBe('app changed since build was built')
  })

  it('builds when a single source file changed after the build', () => {
    currentProject()
    touch('server.js', AFTER_BUILD)
    expect(staleReason(root, 'build', SOURCES)).toBe('server.js changed since build was built')
  })

  it('builds when a file was deleted after the build (its folder changed)', () => {
    currentProject()
    unlinkSync(path.join(root, 'app/routes/home.tsx'))
    touch('app/routes', AFTER_BUILD)
    expect(staleReason(root, 'build', SOURCES)).toBe('app changed since build was built')
  })

  it('looks at the build folder it is given', () => {
    currentProject()
    expect(staleReason(root, 'build-other', SOURCES)).toBe('build-other has no complete build')
    write('build-other/build-complete', AFTER_BUILD)
    touch('server.js', BUILT)
    expect(staleReason(root, 'build-other', SOURCES)).toBeNull()
    expect(staleReason(root, 'build', SOURCES)).toBeNull()
  })
})
