// Embedded database only. Its data folder sits on a small file system of its own (a tmpfs, or an
// ext4 image on a loop device), which a filler file fills to the last byte while posts keep coming:
// every answer is an acknowledgement or a 503 with the typed values kept (never another error,
// never a dropped connection), the server stays up and, once the filler is removed, takes posts
// again by itself. Afterwards the folder opens, its migrations run, its indexes pass amcheck, and it
// holds exactly the acknowledged submissions.
//
// Then `npm run backup` meets a full BACKUP_DIR (a small file system of its own, filled up): it fails
// with a one-line reason, leaves no temporary file, and the archive made before is unchanged; once
// there is room again the next backup works.
import { readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { runBackup, sha256 } from '../backup-command.js'
import { Ledger } from '../checks.js'
import { temporaryFolder } from '../cleanup.js'
import { isAcknowledged, submissionMaker } from '../forms.js'
import { keepAliveAgent, runConcurrently, send, Tally } from '../load.js'
import { delay } from '../server-process.js'
import { fillUp, mountSmallDisk } from '../small-disk.js'
import { describeStatuses, launch, reportRow, stopServer } from './kit.js'

export const title = 'full disk under posts'
export const embeddedOnly = true

const MIB = 1024 * 1024

/** A refusal that keeps the form: 503, and the answer (page or form data) carries the typed name. */
function keepsTheForm(submission, result) {
  if (result.status !== 503) return false
  const isPage = !submission.path.endsWith('.data')
  return isPage ? result.body.includes(`value="${submission.name}"`) : result.body.includes(`"${submission.name}"`)
}

export async function run(
  ctx,
  db,
  {
    sizeMiB = 96,
    connections = 20,
    postsBefore = 300,
    refusalsWanted = 200,
    postsAfter = 300,
    recoveryLimitS = 10,
    timeLimitMs = 180_000,
  } = {},
) {
  const row = reportRow(title, db)
  const deadline = Date.now() + timeLimitMs
  let disk
  try {
    disk = mountSmallDisk(db.dataDir, sizeMiB)
  } catch (error) {
    row.skip(error instanceof Error ? error.message : String(error))
    return row
  }
  row.note(`data folder on a ${disk.kind}`)
  const filler = path.join(db.dataDir, 'filler')
  const ledger = new Ledger()
  const tally = new Tally()
  const next = submissionMaker(ctx.runId, 'disk')
  // What every answer was, by phase: before the fill, with the disk full, after the filler is gone.
  const phases = {
    before: { sent: 0, acknowledged: 0 },
    full: { sent: 0, acknowledged: 0, keptForms: 0 },
    freed: { sent: 0, acknowledged: 0 },
    recovered: { sent: 0, acknowledged: 0 },
  }
  let phase = 'before'
  let recoveredAt = 0
  const wrong = new Tally()

  const server = await launch(ctx, db)
  server.resetPeak()
  const agent = keepAliveAgent(connections)
  let done = false
  const load = runConcurrently({
    total: 20_000,
    connections,
    deadline,
    shouldStop: () => done || !server.alive,
    job: async () => {
      const sentIn = phase
      const submission = next()
      const result = await send({ port: ctx.port, agent, path: submission.path, body: submission.body })
      const acknowledged = isAcknowledged(result)
      ledger.record(submission, acknowledged)
      tally.add(result, acknowledged)
      const counts = phases[sentIn]
      counts.sent++
      if (acknowledged) counts.acknowledged++
      else if (keepsTheForm(submission, result)) counts.keptForms = (counts.keptForms ?? 0) + 1
      else wrong.add(result, false)
      if (acknowledged && phase === 'freed' && !recoveredAt) {
        recoveredAt = Date.now()
        phase = 'recovered'
      }
    },
  })

  const waitFor = async (condition) => {
    while (!condition() && Date.now() < deadline && server.alive) await delay(20)
    return condition()
  }
  let recoverySeconds = null
  try {
    if (!(await waitFor(() => phases.before.acknowledged >= postsBefore)))
      throw new Error(`only ${phases.before.acknowledged} posts were acknowledged before the disk filled: ${describeStatuses(tally)}`)
    phase = 'full'
    const filled = fillUp(filler)
    row.note(`the filler took the last ${(filled / MIB).toFixed(1)} MB`)
    if (!(await waitFor(() => phases.full.keptForms >= refusalsWanted))) {
      row.fail(
        `with the disk full, ${phases.full.keptForms} posts were refused with the form kept (wanted ${refusalsWanted}); ` +
          `${phases.full.acknowledged} acknowledged: ${describeStatuses(tally)}`,
      )
    }
    // Something else on the machine frees space: the server must take posts again by itself.
    const freedAt = Date.now()
    phase = 'freed'
    rmSync(filler)
    if (await waitFor(() => recoveredAt > 0)) recoverySeconds = (recoveredAt - freedAt) / 1000
    else row.fail(`no post was acknowledged after the space returned: ${describeStatuses(tally)}`)
    await waitFor(() => phases.recovered.sent >= postsAfter)
    done = true
    await load
    if (server.alive) await backupMeetsAFullDisk(ctx, db, row)
  } catch (error) {
    row.fail(error instanceof Error ? error.message : String(error))
  } finally {
    done = true
    await load
    agent.destroy()
    rmSync(filler, { force: true })
    row.rssPeak = server.peakBytes()
    await stopServer(server, row)
  }

  row.count(tally)
  row.acknowledged = tally.acknowledged
  row.seconds = recoverySeconds === null ? '' : `recover ${recoverySeconds.toFixed(1)}`
  if (wrong.requests > 0)
    row.fail(`${wrong.requests} answers were neither an acknowledgement nor a 503 with the form kept: ${describeStatuses(wrong)}`)
  if (phases.recovered.acknowledged < phases.recovered.sent)
    row.fail(
      `after recovering, ${phases.recovered.sent - phases.recovered.acknowledged} of ${phases.recovered.sent} posts were not acknowledged`,
    )
  if (phases.recovered.sent < postsAfter) row.fail(`only ${phases.recovered.sent} of ${postsAfter} posts were sent after recovering`)
  if (recoverySeconds !== null && recoverySeconds > recoveryLimitS)
    row.fail(`the first post after the space returned was acknowledged after ${recoverySeconds.toFixed(1)} s (limit ${recoveryLimitS} s)`)
  row.note(
    `disk full: ${phases.full.sent} posts, ${phases.full.keptForms ?? 0} answered 503 with the form kept, ` +
      `${phases.full.acknowledged} still acknowledged (room left in the table's pages); after: ${phases.recovered.acknowledged} of ${phases.recovered.sent} acknowledged`,
  )
  if (tally.serverErrors > 0) row.note(`5xx are the 503 answers while the disk was full`)

  const comparison = await row.compare(ledger, db)
  if ((comparison?.unacknowledged ?? 0) > 0) row.fail(`${comparison?.unacknowledged} submissions were stored without being acknowledged`)
  try {
    const check = await db.checkIntegrity()
    row.note(`reopened: migrations ran, ${check.indexes} indexes pass amcheck, ${check.rows} rows in ${check.tables} tables`)
  } catch (error) {
    row.fail(`the database does not pass its check after the full disk: ${error instanceof Error ? error.message : error}`)
  }
  await disk.unmount()
  return row
}

/** A backup into a full folder fails cleanly and leaves the earlier archive whole. */
async function backupMeetsAFullDisk(ctx, db, row, sizeMiB = 16) {
  const { path: outDir, remove: removeFolder } = temporaryFolder('faults-backups-', 'the backup folder')
  let disk
  try {
    disk = mountSmallDisk(outDir, sizeMiB)
  } catch (error) {
    await removeFolder()
    row.note(`backup on a full disk not checked: ${error instanceof Error ? error.message : error}`)
    return
  }
  const filler = path.join(outDir, 'filler')
  const backup = () => runBackup({ root: ctx.root, buildDir: ctx.buildDir, env: { ...db.env, STORAGE_DIR: ctx.storageDir }, outDir })
  try {
    const first = await backup()
    if (first.code !== 0 || !first.archive) {
      row.fail(`the backup before filling its folder failed (exit ${first.code}): ${first.stderr.slice(0, 300)}`)
      return
    }
    const archiveName = path.basename(first.archive)
    const before = sha256(first.archive)
    fillUp(filler)
    const full = await backup()
    const left = readdirSync(outDir).filter((name) => name !== 'filler' && name !== 'lost+found')
    const reason = full.stderr.split('\n').pop() ?? ''
    if (full.code === 0) row.fail(`the backup into a full folder said it succeeded: ${full.archive}`)
    else if (!/^npm run backup failed: .*(ENOSPC|no space)/i.test(reason) || full.stderr.includes('\n    at '))
      row.fail(`the backup into a full folder failed without a clear one-line reason: ${full.stderr.slice(0, 400)}`)
    if (left.length !== 1 || left[0] !== archiveName)
      row.fail(`after the failed backup the folder holds ${left.join(', ')} (wanted only ${archiveName})`)
    else if (sha256(first.archive) !== before) row.fail('the earlier archive changed when a backup met the full folder')
    rmSync(filler)
    const after = await backup()
    if (after.code !== 0) row.fail(`the backup after freeing its folder failed (exit ${after.code}): ${after.stderr.slice(0, 300)}`)
    row.note(
      `backup into a full folder: exit ${full.code}, "${reason.slice(0, 140)}"; the earlier archive unchanged (SHA-256), ` +
        `no temporary file left; with room again: ${after.code === 0 ? 'a new archive' : 'FAILED'}`,
    )
  } finally {
    rmSync(filler, { force: true })
    await disk.unmount()
    await removeFolder()
  }
}
