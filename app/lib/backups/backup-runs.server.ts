/**
 * The record of backups in the database (table backup_runs): each run's time, size and outcome,
 * for the dashboard, and the claim of a scheduled interval so that one process makes its backup.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import { backupRuns } from '~db/schema'
import type { Database } from '../platform/db.server'
import { errorCode } from '../platform/db.server'
import { createBackup, type BackupResult } from './create-backup.server'
import type { DumpSource } from './dump.server'

export interface BackupPlace {
  source: DumpSource
  outDir: string
  storageDir: string
}

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
export async function recordedBackup(db: Database, place: BackupPlace, run: { runId?: number; now?: Date } = {}): Promise<BackupResult> {
  const now = run.now ?? new Date()
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
    const result = await createBackup({ ...place, now })
    if (id !== undefined)
      await db
        .update(backupRuns)
        .set({ outcome: 'succeeded', finishedAt: new Date(), archive: result.path.split('/').pop(), sizeBytes: result.size })
        .where(eq(backupRuns.id, id))
    return result
  } catch (error) {
    if (id !== undefined)
      await db
        .update(backupRuns)
        .set({ outcome: 'failed', finishedAt: new Date(), error: failureReason(error) })
        .where(eq(backupRuns.id, id))
        .catch(() => {})
    throw error
  }
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
    db.select(columns).from(backupRuns).where(isNotNull(backupRuns.finishedAt)).orderBy(desc(backupRuns.finishedAt)).limit(1),
    db
      .select(columns)
      .from(backupRuns)
      .where(and(isNotNull(backupRuns.finishedAt), eq(backupRuns.outcome, 'succeeded')))
      .orderBy(desc(backupRuns.finishedAt))
      .limit(1),
  ])
  return { last: (last as BackupRecord | undefined) ?? null, lastSuccess: (lastSuccess as BackupRecord | undefined) ?? null }
}
