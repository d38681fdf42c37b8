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
import type { Remote } from './offsite.server'
import { TEST_KEY } from '../../../tests/support/backup-fixtures'

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
  options: { keep?: number; source?: DumpSource; log?: ReturnType<typeof quietLog>; remote?: Remote } = {},
) {
  const started = startBackupSchedule({
    db: handle.db,
    place: {
      source: options.source ?? source,
      outDir,
      storageDir: path.join(work, 'storage'),
      key: async () => TEST_KEY,
      remote: options.remote,
    },
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
    expect(kept).toEqual(['backup-2027-03-02T02-00-00-000Z.tar.gz.age', 'backup-2027-03-03T02-00-00-000Z.tar.gz.age'])
    const runs = await handle.db.select().from(backupRuns)
    expect(runs.map((run) => run.outcome)).toEqual(['succeeded', 'succeeded', 'succeeded'])
    const status = await backupStatus(handle.db, DAY, { now: new Date('2027-03-03T12:00:00Z') })
    expect(status.warning).toBeNull()
    expect(status.last?.sizeBytes).toBeGreaterThan(0)
    expect((await backupStatus(handle.db, DAY, { now: new Date('2027-03-06T12:00:00Z') })).warning).toBe('stale')
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
    const status = await backupStatus(handle.db, DAY, { now: new Date('2027-04-01T03:00:00Z') })
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
    expect(await archivesIn(folder)).toEqual(['backup-2027-05-01T23-59-00-000Z.tar.gz.age', 'backup-2027-05-02T00-00-06-000Z.tar.gz.age'])
  })

  it('copies each archive off the machine, keeps the newest there, and never loses a local one to a failed copy', async () => {
    await handle.db.delete(backupRuns)
    // A local folder serves as the remote: rclone's remotes can be defined in its environment.
    process.env.RCLONE_CONFIG_BACKUPTEST_TYPE = 'local'
    const remoteFolder = path.join(work, 'remote')
    const clock = { now: new Date('2027-06-01T02:00:00Z') }
    const folder = path.join(work, 'copied')
    const log = quietLog()
    const copying = schedule(folder, clock, { keep: 5, log, remote: { path: `backuptest:${remoteFolder}`, keep: 2 } })
    for (let day = 0; day < 3; day++) {
      expect(await copying.check(), JSON.stringify(log.error.mock.calls)).toBe('made')
      clock.now = new Date(clock.now.getTime() + DAY)
    }
    expect((await readdir(remoteFolder)).sort()).toEqual((await archivesIn(folder)).slice(1))
    const copied = await backupStatus(handle.db, DAY, { remote: true, now: new Date('2027-06-03T03:00:00Z') })
    expect(copied.offsite?.warning).toBeNull()
    expect((await backupStatus(handle.db, DAY, { remote: true, now: new Date('2027-06-06T03:00:00Z') })).offsite?.warning).toBe('stale')

    // The remote cannot be reached: the backup is made and kept, the copy's failure shows.
    const failing = schedule(folder, clock, { keep: 5, log, remote: { path: 'nosuchremote:backups', keep: 2 } })
    expect(await failing.check()).toBe('made')
    expect(log.error).toHaveBeenCalledWith(
      expect.stringMatching(/^Off-site copy of backup-.* failed: rclone: .*The local archive is kept\.$/),
    )
    expect(await archivesIn(folder)).toHaveLength(4)
    const status = await backupStatus(handle.db, DAY, { remote: true, now: clock.now })
    expect(status.warning).toBeNull()
    expect(status.offsite?.warning).toBe('failed')
    expect(status.offsite?.lastSuccess).not.toBeNull()
  })
})
