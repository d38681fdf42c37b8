/**
 * Scheduled backups inside the server: at the start of each interval (BACKUP_INTERVAL), the process
 * that claims the interval in the database makes the backup; the others see it taken. After a
 * successful backup only the newest BACKUP_KEEP archives stay in BACKUP_DIR; a failure is logged
 * and recorded, and removes nothing.
 */
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import type { Database } from '../platform/db.server'
import { claimSlot, failureReason, recordedBackup, type BackupPlace } from './backup-runs.server'
import { ARCHIVE_PATTERN } from './create-backup.server'

/** The first look after start-up waits a little, so that starting the server stays quick. */
export const FIRST_CHECK_DELAY_MS = 60_000
/** Each interval's backup starts this long after the interval begins. */
const AFTER_SLOT_START_MS = 5_000

export interface ScheduleOptions {
  db: Database
  place: BackupPlace
  intervalMs: number
  keep: number
  now?: () => Date
  log?: Pick<Console, 'info' | 'error'>
}

type CheckOutcome = 'made' | 'taken' | 'failed'

export interface BackupSchedule {
  /** Makes this interval's backup unless another process (or an earlier check) did. */
  check(): Promise<CheckOutcome>
  stop(): Promise<void>
}

function slotOf(time: Date, intervalMs: number): string {
  return `${intervalMs}:${Math.floor(time.getTime() / intervalMs)}`
}

export function startBackupSchedule({
  db,
  place,
  intervalMs,
  keep,
  now = () => new Date(),
  log = console,
}: ScheduleOptions): BackupSchedule {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false

  async function check(): Promise<CheckOutcome> {
    const time = now()
    let runId: number | null
    try {
      runId = await claimSlot(db, slotOf(time, intervalMs), time)
    } catch (error) {
      log.error(`Scheduled backup: the database could not be asked (${failureReason(error)}); trying at the next interval.`)
      return 'failed'
    }
    if (runId === null) return 'taken'
    try {
      const result = await recordedBackup(db, place, { runId, clock: now, log })
      const removed = await pruneArchives(path.resolve(place.outDir), keep)
      log.info(`Scheduled backup: ${result.path} (${result.size} bytes)${removed ? `; ${removed} older archive(s) removed` : ''}.`)
      return 'made'
    } catch (error) {
      log.error(`Scheduled backup failed: ${failureReason(error)}. Earlier archives are untouched.`)
      return 'failed'
    }
  }

  function plan(delayMs: number): void {
    if (stopped) return
    timer = setTimeout(() => {
      running = check().finally(() => {
        const t = now().getTime()
        plan(intervalMs - (t % intervalMs) + AFTER_SLOT_START_MS)
      })
    }, delayMs)
    timer.unref()
  }
  plan(FIRST_CHECK_DELAY_MS)

  return {
    check,
    stop: async () => {
      stopped = true
      clearTimeout(timer)
      await running.catch(() => {})
    },
  }
}

/** Removes all but the newest `keep` archives (by name, which is by time); returns how many went. */
async function pruneArchives(folder: string, keep: number): Promise<number> {
  const archives = (await readdir(folder)).filter((name) => ARCHIVE_PATTERN.test(name)).sort()
  const old = archives.slice(0, Math.max(0, archives.length - keep))
  for (const name of old) await rm(path.join(folder, name), { force: true })
  return old.length
}
