import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { backupRuns } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { ARCHIVE_PATTERN } from './create-backup.server'
import { startBackupSchedule, FIRST_CHECK_DELAY_MS, type BackupSchedule } from './schedule.server'
import { backupStatus } from './server-backups.server'
import type { DumpSource } from './dump.server'

const DAY = 86_400_000
// The schedule runs on a PostgreSQL server when there is one (several processes share it), or embedded.
const database = testDatabases().at(-1)!
let handle: DatabaseHandle
let work: string
let source: DumpSource
const schedules: BackupSchedule[] = []

beforeAll(async () => {
  handle = await database.open()
  work = await mkdtemp(path.join(tmpdir(), 'backup-schedule-'))
  source = handle.embedded ? { kind: 'embedded', client: handle.embedded } : { kind: 'server', url: await serverUrlOf(handle) }
})
afterEach(async () => {
  for (const schedule of schedules.splice(0)) await schedule.stop()
  vi.useRealTimers()
})
afterAll(async () => {
  await handle.close()
  await rm(work, { recursive: true, force: true })
})

async function serverUrlOf(opened: DatabaseHandle): Promise<string> {
  const { sql } = await import('drizzle-orm')
  const { selectRows } = await import('../platform/select-rows.server')
  const [row] = await selectRows<{ name: string }>(opened.db, sql`select current_database() as name`)
  const url = new URL(process.env.TEST_DATABASE_URL!)
  url.pathname = `/${row!.name}`
  return url.toString()
}

function quietLog() {
  return { info: vi.fn(), error: vi.fn() }
}

function schedule(
  outDir: string,
  clock: { now: Date },
  options: { keep?: number; source?: DumpSource; log?: ReturnType<typeof quietLog> } = {},
) {
  const started = startBackupSchedule({
    db: handle.db,
    place: { source: options.source ?? source, outDir, storageDir: path.join(work, 'storage') },
    intervalMs: DAY,
    keep: options.keep ?? 14,
    now: () => clock.now,
    log: options.log ?? quietLog(),
  })
  schedules.push(started)
  return started
}

async function archivesIn(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => ARCHIVE_PATTERN.test(name)).sort()
}

describe(`scheduled backups (${database.name})`, () => {
  it('makes one backup per interval when two servers share the database, and keeps the newest N', async () => {
    await handle.db.delete(backupRuns)
    const clock = { now: new Date('2027-03-01T02:00:00Z') }
    const folder = path.join(work, 'shared')
    const log = quietLog()
    const first = schedule(folder, clock, { keep: 2, log })
    const second = schedule(folder, clock, { keep: 2 })
    for (let day = 0; day < 3; day++) {
      const outcomes = await Promise.all([first.check(), second.check()])
      expect(outcomes.sort(), JSON.stringify(log.error.mock.calls)).toEqual(['made', 'taken'])
      // Later in the same interval: nothing more.
      clock.now = new Date(clock.now.getTime() + DAY / 2)
      expect(await Promise.all([first.check(), second.check()])).toEqual(['taken', 'taken'])
      clock.now = new Date(clock.now.getTime() + DAY / 2)
    }
    const kept = await archivesIn(folder)
    expect(kept).toEqual(['backup-2027-03-02T02-00-00-000Z.tar.gz', 'backup-2027-03-03T02-00-00-000Z.tar.gz'])
    const runs = await handle.db.select().from(backupRuns)
    expect(runs.map((run) => run.outcome)).toEqual(['succeeded', 'succeeded', 'succeeded'])
    const status = await backupStatus(handle.db, DAY, new Date('2027-03-03T12:00:00Z'))
    expect(status.warning).toBeNull()
    expect(status.last?.sizeBytes).toBeGreaterThan(0)
    expect((await backupStatus(handle.db, DAY, new Date('2027-03-06T12:00:00Z'))).warning).toBe('stale')
    expect((await backupStatus(handle.db, null)).warning).toBe('off')
  })

  it('records a failure, logs it and leaves the earlier archives whole', async () => {
    await handle.db.delete(backupRuns)
    const folder = path.join(work, 'failing')
    await mkdir(folder, { recursive: true })
    const earlier = path.join(folder, 'backup-2027-01-01T02-00-00-000Z.tar.gz')
    await writeFile(earlier, 'an earlier archive')
    const log = quietLog()
    const broken: DumpSource = { kind: 'server', url: 'postgres://postgres@127.0.0.1:1/nowhere' }
    const failing = schedule(folder, { now: new Date('2027-04-01T02:00:00Z') }, { keep: 1, source: broken, log })
    expect(await failing.check()).toBe('failed')
    expect(log.error).toHaveBeenCalledWith(expect.stringMatching(/^Scheduled backup failed: .*Earlier archives are untouched\.$/))
    expect(await readdir(folder)).toEqual([path.basename(earlier)])
    expect(await readFile(earlier, 'utf8')).toBe('an earlier archive')
    const status = await backupStatus(handle.db, DAY, new Date('2027-04-01T03:00:00Z'))
    expect(status.warning).toBe('failed')
    expect(status.last?.outcome).toBe('failed')
  })

  it('looks for a due backup a minute after start-up, then at the start of each interval', async () => {
    await handle.db.delete(backupRuns)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const clock = { now: new Date('2027-05-01T23:58:00Z') }
    const folder = path.join(work, 'timed')
    const log = quietLog()
    schedule(folder, clock, { log })
    clock.now = new Date(clock.now.getTime() + FIRST_CHECK_DELAY_MS)
    await vi.advanceTimersByTimeAsync(FIRST_CHECK_DELAY_MS)
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(1), { timeout: 60_000 })
    // The next look is planned once the first has ended.
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve))
    clock.now = new Date('2027-05-02T00:00:06Z')
    await vi.advanceTimersByTimeAsync(70_000)
    await vi.waitFor(() => expect(log.info).toHaveBeenCalledTimes(2), { timeout: 60_000 })
    expect(await archivesIn(folder)).toEqual(['backup-2027-05-01T23-59-00-000Z.tar.gz', 'backup-2027-05-02T00-00-06-000Z.tar.gz'])
  })
})
