/**
 * The record of backups in the database (table backup_runs): each run's time, size and outcome,
 * for the dashboard, and the claim of a scheduled interval so that one process makes its backup.
 */
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm'
import { backupRuns } from '~db/schema'
import type { Database } from '../platform/db.server'
import { errorCode } from '../platform/db.server'
import { createBackup, type BackupResult } from './create-backup.server'
import type { DumpSource } from './dump.server'
import type { BackupKey } from './backup-key.server'
import { copyOffsite, type Remote } from './offsite.server'

export interface BackupPlace {
  source: DumpSource
  outDir: string
  storageDir: string
  /** The backup key, read (or created) when the first backup needs it. */
  key: () => Promise<BackupKey>
  /** BACKUP_REMOTE: where each archive is copied after it is written. */
  remote?: Remote
}

/** A run's kind: 'scheduled' and 'manual' backups; 'off-site' copies; 'restore' records a restore. */
const BACKUP_TRIGGERS = ['scheduled', 'manual']

/**
 * Claims an interval for a scheduled backup: true for the one process whose row went in. The slot
 * is the interval's length and number since 1970, so every process computes the same one.
 */
export async function claimSlot(db: Database, slot: string, now: Date): Promise<number | null> {
  const [row] = await db
    .insert(backupRuns)
    .values({ trigger: 'scheduled', slot, startedAt: now })
    .onConflictDoNothing({ target: backupRuns.slot })
    .returning({ id: backupRuns.id })
  return row?.id ?? null
}

/** A short reason for the record and the log: never a query's values. */
export function failureReason(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error'
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOSPC') return 'the disk is full (ENOSPC)'
  if (code && /^E[A-Z]+$/.test(code)) return `${code}: ${error.message.slice(0, 200)}`
  if (error.message.startsWith('pg_dump')) return error.message.slice(0, 300)
  return errorCode(error)
}

/**
 * Makes a backup and records it: in the claimed row `runId` (scheduled), or in a new row (manual).
 * A failure is recorded, then thrown.
 */
export async function recordedBackup(
  db: Database,
  place: BackupPlace,
  run: { runId?: number; clock?: () => Date; log?: Pick<Console, 'error'> } = {},
): Promise<BackupResult> {
  const clock = run.clock ?? (() => new Date())
  const now = clock()
  const id =
    run.runId ??
    (
      await db
        .insert(backupRuns)
        .values({ trigger: 'manual', startedAt: now })
        .returning({ id: backupRuns.id })
        .catch(() => [])
    )[0]?.id
  try {
    const result = await createBackup({ ...place, key: await place.key(), now })
    if (id !== undefined)
      await db
        .update(backupRuns)
        .set({ outcome: 'succeeded', finishedAt: clock(), archive: result.path.split('/').pop(), sizeBytes: result.size })
        .where(eq(backupRuns.id, id))
    if (place.remote) result.offsite = await recordedCopy(db, result.path, place.remote, clock, run.log)
    return result
  } catch (error) {
    if (id !== undefined)
      await db
        .update(backupRuns)
        .set({ outcome: 'failed', finishedAt: clock(), error: failureReason(error) })
        .where(eq(backupRuns.id, id))
        .catch(() => {})
    throw error
  }
}

/** Copies an archive off the machine and records the copy; a failure is logged and recorded, never thrown. */
async function recordedCopy(
  db: Database,
  file: string,
  remote: Remote,
  clock: () => Date = () => new Date(),
  log: Pick<Console, 'error'> = console,
): Promise<{ ok: true; removed: number } | { ok: false; error: string }> {
  const archive = file.split('/').pop()
  const [row] = await db
    .insert(backupRuns)
    .values({ trigger: 'off-site', startedAt: clock(), archive })
    .returning({ id: backupRuns.id })
    .catch(() => [])
  try {
    const { removed } = await copyOffsite(file, remote)
    if (row) await db.update(backupRuns).set({ outcome: 'succeeded', finishedAt: clock() }).where(eq(backupRuns.id, row.id))
    return { ok: true, removed }
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 300) : 'unknown error'
    log.error(`Off-site copy of ${archive} to ${remote.path} failed: ${reason}. The local archive is kept.`)
    if (row)
      await db
        .update(backupRuns)
        .set({ outcome: 'failed', finishedAt: clock(), error: reason })
        .where(eq(backupRuns.id, row.id))
        .catch(() => {})
    return { ok: false, error: reason }
  }
}

/** The last off-site copy and the last successful one. */
export async function lastOffsiteCopies(db: Database): Promise<{ last: BackupRecord | null; lastSuccess: BackupRecord | null }> {
  const columns = { finishedAt: backupRuns.finishedAt, outcome: backupRuns.outcome, sizeBytes: backupRuns.sizeBytes }
  const [[last], [lastSuccess]] = await Promise.all([
    db
      .select(columns)
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), eq(backupRuns.trigger, 'off-site')))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1),
    db
      .select(columns)
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), eq(backupRuns.trigger, 'off-site'), eq(backupRuns.outcome, 'succeeded')))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1),
  ])
  return { last: (last as BackupRecord | undefined) ?? null, lastSuccess: (lastSuccess as BackupRecord | undefined) ?? null }
}

export interface BackupRecord {
  finishedAt: Date
  outcome: 'succeeded' | 'failed'
  sizeBytes: number | null
}

/** The last finished backup and the last successful one. */
export async function lastBackups(db: Database): Promise<{ last: BackupRecord | null; lastSuccess: BackupRecord | null }> {
  const columns = { finishedAt: backupRuns.finishedAt, outcome: backupRuns.outcome, sizeBytes: backupRuns.sizeBytes }
  const [[last], [lastSuccess]] = await Promise.all([
    db
      .select(columns)
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), inArray(backupRuns.trigger, BACKUP_TRIGGERS)))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1),
    db
      .select(columns)
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), eq(backupRuns.outcome, 'succeeded'), inArray(backupRuns.trigger, BACKUP_TRIGGERS)))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1),
  ])
  return { last: (last as BackupRecord | undefined) ?? null, lastSuccess: (lastSuccess as BackupRecord | undefined) ?? null }
}

/** The last restore: which archive, and when (the restore writes it in its own transaction). */
export async function lastRestore(db: Database): Promise<{ archive: string; finishedAt: Date } | null> {
  const [row] = await db
    .select({ archive: backupRuns.archive, finishedAt: backupRuns.finishedAt })
    .from(backupRuns)
    .where(and(eq(backupRuns.trigger, 'restore'), isNotNull(backupRuns.finishedAt)))
    .orderBy(desc(backupRuns.finishedAt))
    .limit(1)
  return row && row.finishedAt ? { archive: row.archive ?? '', finishedAt: row.finishedAt } : null
}
