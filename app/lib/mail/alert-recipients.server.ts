/**
 * Who receives the e-mail about a new request, read from `alert_recipients` at each send: the
 * staff members who chose that kind (while their account is enabled and their role may open that
 * list), and the addresses of ALERT_EMAILS copied there at the first start. Grouped by language, one
 * e-mail per language.
 */
import { and, eq, isNull, or, sql } from 'drizzle-orm'
import { alertDefaults, alertRecipients, staff } from '~db/schema'
import { alertKindsFor } from '../access/sections'
import type { DeskKind } from '../desk-events/desk-events'
import { isLocale, LOCALES, type Locale } from '../i18n/locale'
import type { Database } from '../platform/db.server'

export interface AlertGroup {
  locale: Locale
  to: string[]
}

/** The recipients of an e-mail about a request of `kind`, one group per language (in en, fa, ps order), each address once. */
export async function alertRecipientsFor(db: Database, kind: DeskKind): Promise<AlertGroup[]> {
  const column = kind === 'appointment' ? alertRecipients.appointments : alertRecipients.registrations
  const rows = await db
    .select({ email: alertRecipients.email, locale: alertRecipients.locale, role: staff.role, disabled: staff.disabled })
    .from(alertRecipients)
    .leftJoin(staff, eq(staff.id, alertRecipients.staffId))
    .where(and(eq(column, true), or(isNull(alertRecipients.staffId), eq(staff.disabled, false))))
  const listKind = kind === 'appointment' ? 'appointments' : 'registrations'
  const byLocale = new Map<Locale, Set<string>>()
  for (const row of rows) {
    if (row.role && !alertKindsFor(row.role).includes(listKind)) continue
    if (!row.email) continue
    const locale = isLocale(row.locale) ? row.locale : 'en'
    const set = byLocale.get(locale) ?? new Set<string>()
    set.add(row.email.toLowerCase())
    byLocale.set(locale, set)
  }
  return LOCALES.filter((locale) => byLocale.has(locale)).map((locale) => ({ locale, to: [...byLocale.get(locale)!].sort() }))
}

/**
 * At the first start with this table: copies ALERT_EMAILS (both kinds, in ALERT_EMAIL_LANGUAGE) into
 * `alert_recipients`, once. Later starts read nothing from the environment; staff and
 * administrators change the recipients in the admin panel. Returns how many addresses were copied,
 * or null when the defaults had been applied before (by this or another process).
 */
export async function applyAlertDefaults(db: Database, emails: readonly string[], locale: Locale): Promise<number | null> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(alertDefaults)
      .values({ id: 1, addresses: emails.length })
      .onConflictDoNothing()
      .returning({ id: alertDefaults.id })
    if (claimed.length === 0) return null
    if (emails.length > 0) {
      await tx.insert(alertRecipients).values(emails.map((email) => ({ email, appointments: true, registrations: true, locale })))
    }
    return emails.length
  })
}

/** How many addresses receive some alert (for the start-up log line). */
export async function countAlertRecipients(db: Database): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(distinct lower(${alertRecipients.email}))::int` })
    .from(alertRecipients)
    .leftJoin(staff, eq(staff.id, alertRecipients.staffId))
    .where(
      and(
        or(eq(alertRecipients.appointments, true), eq(alertRecipients.registrations, true)),
        or(isNull(alertRecipients.staffId), eq(staff.disabled, false)),
      ),
    )
  return row?.count ?? 0
}
