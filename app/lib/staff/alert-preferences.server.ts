/**
 * Each staff member's choice of new-request e-mails: the address, the kinds (appointments,
 * registrations) and the language. Saved from their account page or by an administrator in the
 * staff list, with an audit entry; read by the e-mail sender at each send
 * (app/lib/mail/alert-recipients.server.ts), so a change applies to the next request.
 */
import { and, asc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import { alertRecipients } from '~db/schema'
import type { Database } from '../platform/db.server'
import { isEmailAddress } from '../forms/rules'
import { toLatinDigits } from '../i18n/digits'
import { LOCALES, type Locale } from '../i18n/locale'
import { auditTarget, recordAudit, type AuditActor } from './audit.server'

export interface AlertChoice {
  email: string
  appointments: boolean
  registrations: boolean
  locale: Locale
}

/** The form's codes: `alertsEmailInvalid` (not an address), `alertsEmailNeeded` (a kind chosen, no address). */
const checkbox = z.optional(z.unknown()).transform((value) => value === 'on' || value === 'true')

/** The alert form: an empty address is allowed only with no kind chosen (alerts off). */
export const AlertChoiceSchema = z
  .object({
    email: z
      .optional(z.unknown())
      .transform((value) => (typeof value === 'string' ? toLatinDigits(value).trim() : ''))
      .refine((value) => value === '' || isEmailAddress(value), { error: 'alertsEmailInvalid' }),
    appointments: checkbox,
    registrations: checkbox,
    locale: z.enum(LOCALES).catch('en'),
  })
  .refine((value) => value.email !== '' || (!value.appointments && !value.registrations), {
    path: ['email'],
    error: 'alertsEmailNeeded',
  })

/** What the account page shows before a member has chosen: alerts off, in their panel language. */
export function defaultAlertChoice(locale: Locale): AlertChoice {
  return { email: '', appointments: false, registrations: false, locale }
}

function asChoice(row: typeof alertRecipients.$inferSelect): AlertChoice {
  return { email: row.email, appointments: row.appointments, registrations: row.registrations, locale: row.locale as Locale }
}

/** A member's saved choice, or null before they (or an administrator) saved one. */
export async function alertChoiceOf(db: Database, staffId: number): Promise<AlertChoice | null> {
  const [row] = await db.select().from(alertRecipients).where(eq(alertRecipients.staffId, staffId)).limit(1)
  return row ? asChoice(row) : null
}

export interface AlertRecipientsOverview {
  /** Saved choices by staff id. */
  byStaff: Record<number, AlertChoice>
  /** Addresses without an account (ALERT_EMAILS at the first start). */
  others: Array<AlertChoice & { id: number }>
}

/** For the staff list: every saved choice. */
export async function listAlertChoices(db: Database): Promise<AlertRecipientsOverview> {
  const rows = await db.select().from(alertRecipients).orderBy(asc(alertRecipients.id))
  const overview: AlertRecipientsOverview = { byStaff: {}, others: [] }
  for (const row of rows) {
    if (row.staffId === null) overview.others.push({ id: row.id, ...asChoice(row) })
    else overview.byStaff[row.staffId] = asChoice(row)
  }
  return overview
}

/**
 * Saves `staffId`'s choice, keeping only the kinds in `allowed` (those their role may receive), and
 * records who changed it. The audit entry keeps the kinds and the language, not the address.
 */
export async function saveAlertChoice(
  db: Database,
  actor: AuditActor,
  staffId: number,
  choice: AlertChoice,
  allowed: readonly ('appointments' | 'registrations')[],
  now = new Date(),
): Promise<AlertChoice> {
  const saved: AlertChoice = {
    email: choice.email,
    appointments: choice.appointments && allowed.includes('appointments'),
    registrations: choice.registrations && allowed.includes('registrations'),
    locale: choice.locale,
  }
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(alertRecipients).where(eq(alertRecipients.staffId, staffId)).for('update')
    await tx
      .insert(alertRecipients)
      .values({ staffId, ...saved, updatedAt: now })
      .onConflictDoUpdate({ target: alertRecipients.staffId, set: { ...saved, updatedAt: now } })
    await recordAudit(tx, actor, 'alert-settings', auditTarget.staff(staffId), {
      appointments: saved.appointments,
      registrations: saved.registrations,
      language: saved.locale,
      addressChanged: (before?.email ?? '') !== saved.email,
    })
  })
  return saved
}

/** Removes an address that belongs to no account; false when there is none with that id. */
export async function removeOtherAlertAddress(db: Database, actor: AuditActor, id: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(alertRecipients)
      .where(and(eq(alertRecipients.id, id), isNull(alertRecipients.staffId)))
      .returning({ id: alertRecipients.id })
    if (removed.length === 0) return false
    await recordAudit(tx, actor, 'alert-settings', null, { removedAddress: true })
    return true
  })
}
