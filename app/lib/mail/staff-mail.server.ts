/**
 * The sender of staff e-mails: runs in every server process while SMTP_URL is set, sends what is
 * due at start, right after a request is stored (`wakeStaffMail`) and every 30 s, one batch at a
 * time. Failures are logged with a code only (never the URL, its password, an address or the
 * request's data) and retried from the outbox.
 */
import { setTimeout as sleep } from 'node:timers/promises'
import nodemailer from 'nodemailer'
import { errorCode, type Database } from '../platform/db.server'
import { claimDueRow, deleteOldRows, dropRow, markFailed, markSent, setStaffMailQueueing } from './outbox.server'
import { renderRequestEmail } from './request-email.server'
import type { AlertGroup } from './alert-recipients.server'
import type { DeskKind } from '../desk-events/desk-events'

const SWEEP_INTERVAL_MS = 30_000
const STOP_WAIT_MS = 1_000
/** At most this many e-mails per run; the rest wait for the next one. */
const BATCH = 20

export interface MailTransport {
  sendMail(message: { from: string; to: string[]; subject: string; text: string }): Promise<unknown>
  close(): void
}

export interface StaffMailOptions {
  database: () => Promise<Database>
  transport: MailTransport
  from: string
  /** Who receives the e-mail about a request of `kind`, by language (read at each send, so a change applies at once). */
  recipients: (kind: DeskKind) => readonly AlertGroup[] | Promise<readonly AlertGroup[]>
  publicUrl: string
  intervalMs?: number
  now?: () => Date
}

/** A failed send as the outbox and the log keep it: the error's code and the server's reply code. */
export function describeSendError(error: unknown): string {
  if (!(error instanceof Error)) return 'unknown error'
  const { code, responseCode } = error as Error & { code?: unknown; responseCode?: unknown }
  const parts = [typeof code === 'string' && /^[\w.-]{1,40}$/.test(code) ? code : error.name]
  if (typeof responseCode === 'number') parts.push(String(responseCode))
  return parts.join(' ')
}

/** Sends every due e-mail once; returns how many were sent and how many failed. */
export async function sendDueEmails(options: Omit<StaffMailOptions, 'intervalMs'>): Promise<{ sent: number; failed: number }> {
  const db = await options.database()
  const now = options.now ?? (() => new Date())
  let sent = 0
  let failed = 0
  for (let i = 0; i < BATCH; i++) {
    const row = await claimDueRow(db, now())
    if (!row) break
    try {
      const groups = await options.recipients(row.kind)
      let rendered = 0
      // One e-mail per language; nobody chose this kind: nothing to send, the row is done.
      for (const group of groups) {
        const email = await renderRequestEmail(db, row.kind, row.requestId, options.publicUrl, group.locale)
        if (!email) break
        rendered++
        await options.transport.sendMail({ from: options.from, to: [...group.to], ...email })
      }
      if (groups.length > 0 && rendered === 0) {
        await dropRow(db, row.id)
        continue
      }
      await markSent(db, row.id, now())
      if (rendered > 0) sent++
    } catch (error) {
      const reason = describeSendError(error)
      const next = await markFailed(db, row, reason, now())
      failed++
      console.warn(
        next
          ? `A staff e-mail (outbox ${row.id}, attempt ${row.attempts}) was not sent (${reason}); trying again at ${next.toISOString()}.`
          : `A staff e-mail (outbox ${row.id}) was not sent within a day (${reason}); given up.`,
      )
    }
  }
  return { sent, failed }
}

export interface StaffMail {
  /** Sends what is due now (after a request was stored), without waiting for the next turn. */
  wake(): void
  stop(): Promise<void>
}

let current: StaffMail | null = null

/** Starts the sender; new requests queue e-mails from now on. */
export function startStaffMail({ intervalMs = SWEEP_INTERVAL_MS, ...options }: StaffMailOptions): StaffMail {
  let running: Promise<unknown> = Promise.resolve()
  let scheduled = false
  let stopped = false
  setStaffMailQueueing(true)
  const run = () => {
    if (stopped || scheduled) return
    scheduled = true
    running = running
      .then(async () => {
        scheduled = false
        if (!stopped) await sendDueEmails(options)
      })
      .catch((error: unknown) => {
        scheduled = false
        console.warn(`Sending staff e-mails could not run (${errorCode(error)}); trying again in ${intervalMs / 1000} s.`)
      })
  }
  let turns = 0
  const timer = setInterval(() => {
    run()
    // About once an hour, rows older than a month go.
    if (++turns % Math.max(1, Math.round(3_600_000 / intervalMs)) === 0) {
      running = running.then(async () => deleteOldRows(await options.database())).catch(() => {})
    }
  }, intervalMs)
  timer.unref()
  run()
  const mail: StaffMail = {
    wake: run,
    async stop() {
      stopped = true
      setStaffMailQueueing(false)
      clearInterval(timer)
      // A send under way gets a moment; a slow mail server must not hold up the stop (the row's
      // lease runs out and it is tried again after the restart).
      await Promise.race([running, sleep(STOP_WAIT_MS, undefined, { ref: false })])
      options.transport.close()
      if (current === mail) current = null
    },
  }
  current = mail
  return mail
}

/** After a request's transaction committed: its e-mail goes out now rather than at the next turn. */
export function wakeStaffMail(): void {
  current?.wake()
}

/** The sender address: the SMTP account's own when it is an address, otherwise staff-desk@ the site's host. */
export function senderAddress(smtpUrl: string, publicUrl: string): string {
  const user = decodeURIComponent(new URL(smtpUrl).username)
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(user)) return user
  return `staff-desk@${new URL(publicUrl).hostname}`
}

/**
 * A nodemailer transport for SMTP_URL, with timeouts so a mail server that hangs cannot pile sends
 * up. TLS is required: smtps:// from the start, smtp:// through STARTTLS, and a server that does not
 * offer it gets neither the password nor a message. Only `allowPlainLocal` (SMTP_ALLOW_PLAIN_LOCAL,
 * a relay on this machine) sends in clear.
 */
export function smtpTransport(smtpUrl: string, { allowPlainLocal = false }: { allowPlainLocal?: boolean } = {}): MailTransport {
  return nodemailer.createTransport({
    url: smtpUrl,
    requireTLS: !allowPlainLocal,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  })
}
