import { eq } from 'drizzle-orm'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { appointments, notificationOutbox, registrations } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import { appointment, form, NOW, registration } from '../../../tests/support/submission-fixtures'
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server'
import type { DatabaseHandle } from '../platform/db.server'
import { DEFAULT_SITE_SETTINGS } from '../site/site-settings'
import { submitAppointment, submitRegistration, type SubmissionContext } from '../forms/submissions.server'
import { storeNewRequest } from '../desk-events/new-request.server'
import { RETRY_DELAYS_MS, setStaffMailQueueing } from './outbox.server'
import { sendDueEmails, senderAddress, smtpTransport, startStaffMail, type StaffMailOptions } from './staff-mail.server'
import { formatDate } from '../i18n/dates'
import type { Locale } from '../i18n/locale'
import { renderRequestEmail } from './request-email.server'
import { format, messagesFor } from '~/locales'
import { publishedCourses } from '../../../tests/support/courses'

// The fixtures' preferred dates are valid on the fixtures' day.
vi.useFakeTimers({ now: NOW, toFake: ['Date'] })

const PUBLIC_URL = 'https://clinic.example'
const STAFF = ['desk@example.test', 'doctor@example.test']

describe.each(testDatabases())('staff e-mails about new requests ($name)', (target) => {
  let handle: DatabaseHandle
  let smtp: TestSmtpServer
  let ctx: SubmissionContext
  let address = 0

  beforeAll(async () => {
    handle = await target.open()
    smtp = await startSmtpServer({ auth: true })
  })
  afterAll(async () => {
    await smtp.close()
    await handle.close()
  })
  beforeEach(async () => {
    setStaffMailQueueing(true)
    smtp.received.length = 0
    smtp.refuse = false
    await handle.db.delete(notificationOutbox)
    ctx = {
      database: async () => handle.db,
      clientAddress: `198.51.100.${++address}`,
      locale: 'en',
      settings: async () => ({ ...DEFAULT_SITE_SETTINGS, whatsappNumber: '+93 70 000 0001' }),
      courses: () => publishedCourses(handle.db),
      rateLimit: { limit: 50, windowSeconds: 600 },
    }
  })
  afterEach(() => {
    setStaffMailQueueing(false)
  })

  function mailOptions(url = smtp.url, now?: () => Date, locale?: Locale): Omit<StaffMailOptions, 'intervalMs'> {
    return {
      database: async () => handle.db,
      // The test server offers no TLS and runs on this machine.
      transport: smtpTransport(url, { allowPlainLocal: true }),
      from: senderAddress(url, PUBLIC_URL),
      recipients: () => [{ locale: locale ?? 'en', to: STAFF }],
      publicUrl: PUBLIC_URL,
      now,
    }
  }

  async function outboxRows() {
    return handle.db.select().from(notificationOutbox).orderBy(notificationOutbox.id)
  }

  it('writes the outbox row with the request, and sends the request details to the staff addresses', async () => {
    const { status } = await submitAppointment(form({ ...appointment, name: 'Mail Patient', message: 'Broken tooth' }), ctx)
    expect(status).toBe(200)
    const [stored] = await handle.db.select().from(appointments).where(eq(appointments.name, 'Mail Patient'))
    expect(await outboxRows()).toMatchObject([{ kind: 'appointment', requestId: stored!.id, sentAt: null, attempts: 0 }])

    expect(await sendDueEmails(mailOptions())).toEqual({ sent: 1, failed: 0 })
    expect(smtp.received).toHaveLength(1)
    const mail = smtp.received[0]!
    expect(mail.to.sort()).toEqual([...STAFF].sort())
    // When it came, not the database's row number (docs/product.md#request-numbers).
    expect(mail.text).toContain(
      `Subject: New appointment request, received ${formatStaffDate(stored!.createdAt, 'en', { withTime: true })}`,
    )
    expect(/^Subject: .*$/m.exec(mail.text)![0]).not.toContain('#')
    expect(mail.text).toContain('Name: Mail Patient')
    expect(mail.text).toContain('Phone: +93701234567')
    expect(mail.text).toContain('Preferred date: 10 March 2025')
    expect(mail.text).toContain('Message: Broken tooth')
    expect(mail.text).toContain(`${PUBLIC_URL}/admin/patients/${stored!.id}`)
    // The SMTP account signed in with the URL's password; the sender is the account's address.
    expect(smtp.logins).toContainEqual({ username: 'desk@example.test', password: 's3cret-pass' })
    expect(mail.text).toMatch(/^From: desk@example\.test/m)
    const [row] = await outboxRows()
    expect(row!.sentAt).toBeInstanceOf(Date)
    expect(row!.attempts).toBe(1)
    // Sent once: a second run finds nothing due.
    expect(await sendDueEmails(mailOptions())).toEqual({ sent: 0, failed: 0 })
  })

  it('names the course of a registration and links to the student', async () => {
    await submitRegistration(form({ ...registration, name: 'Mail Student' }), ctx)
    const [stored] = await handle.db.select().from(registrations).where(eq(registrations.name, 'Mail Student'))
    await sendDueEmails(mailOptions())
    expect(smtp.received[0]!.text).toContain('Course: Short-term Radiology Course')
    expect(smtp.received[0]!.text).toContain(`${PUBLIC_URL}/admin/students/${stored!.id}`)
  })

  it('writes the e-mail in Dari when the staff read Dari: labels, and the date in Solar Hijri with the Gregorian', async () => {
    await submitAppointment(form({ ...appointment, name: 'Mail Dari' }), ctx)
    const [stored] = await handle.db.select().from(appointments).where(eq(appointments.name, 'Mail Dari'))
    const mail = await renderRequestEmail(handle.db, 'appointment', stored!.id, PUBLIC_URL, 'fa')
    const t = messagesFor('fa').admin.deskAlerts.email
    expect(mail!.text).toContain(`${t.name}: Mail Dari`)
    expect(mail!.text).toContain(`${t.preferredDate}: ${formatDate(stored!.date, 'fa', { withGregorian: true })}`)
    expect(mail!.text).toMatch(/[۰-۹]/)
    expect(mail!.subject).toBe(format(t.appointmentSubject, { time: formatStaffDate(stored!.createdAt, 'fa', { withTime: true }) }))
    expect(mail!.subject).not.toMatch(/[0-9#]/)
    expect((await renderRequestEmail(handle.db, 'appointment', stored!.id, PUBLIC_URL))!.text).toContain('Name: Mail Dari')
  })

  it('queues nothing while e-mail is not configured (no SMTP_URL)', async () => {
    setStaffMailQueueing(false)
    await submitAppointment(form({ ...appointment, name: 'No Mail Patient' }), ctx)
    expect(await handle.db.select().from(appointments).where(eq(appointments.name, 'No Mail Patient'))).toHaveLength(1)
    expect(await outboxRows()).toEqual([])
  })

  it('keeps no outbox row when the request transaction rolls back', async () => {
    const [before] = await handle.db.select({ id: appointments.id }).from(appointments).orderBy(appointments.id).limit(1)
    await expect(
      storeNewRequest(handle.db, 'appointment', async (db) => {
        await db
          .insert(appointments)
          .values({ name: 'Rolled Back', phone: '+93701234567', date: '2025-03-10', submissionKey: `rollback-${Date.now()}` })
        throw new Error('stop')
      }),
    ).rejects.toThrow('stop')
    expect(before === undefined || before.id > 0).toBe(true)
    expect(await handle.db.select().from(appointments).where(eq(appointments.name, 'Rolled Back'))).toEqual([])
    expect(await outboxRows()).toEqual([])
  })

  it('tries again with a growing pause when the mail server refuses or is down, and sends once it is back', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await submitAppointment(form({ ...appointment, name: 'Retry Patient' }), ctx)
    let now = new Date()
    const clock = () => now

    smtp.refuse = true
    expect(await sendDueEmails(mailOptions(smtp.url, clock))).toEqual({ sent: 0, failed: 1 })
    let [row] = await outboxRows()
    expect(row).toMatchObject({ attempts: 1, sentAt: null, lastError: 'EMESSAGE 451' })
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS[0])
    // Not due yet: nothing is tried.
    expect(await sendDueEmails(mailOptions(smtp.url, clock))).toEqual({ sent: 0, failed: 0 })

    // The server is down: nothing listens on the port.
    const closed = await startSmtpServer()
    const downUrl = closed.url
    await closed.close()
    now = new Date(now.getTime() + RETRY_DELAYS_MS[0])
    expect(await sendDueEmails(mailOptions(downUrl, clock))).toEqual({ sent: 0, failed: 1 })
    ;[row] = await outboxRows()
    expect(row).toMatchObject({ attempts: 2, sentAt: null, lastError: 'ESOCKET' })
    expect(row!.nextAttemptAt.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS[1])

    // Back: the next attempt sends it.
    smtp.refuse = false
    now = new Date(now.getTime() + RETRY_DELAYS_MS[1])
    expect(await sendDueEmails(mailOptions(smtp.url, clock))).toEqual({ sent: 1, failed: 0 })
    expect(smtp.received.map((m) => m.text.includes('Name: Retry Patient'))).toEqual([true])
    // The logs name the outbox row and the error code, never the password, an address or the patient.
    const logged = warn.mock.calls.flat().join('\n')
    expect(logged).toMatch(/outbox \d+, attempt 1\) was not sent \(EMESSAGE 451\)/)
    for (const secret of ['s3cret-pass', 'desk@example.test', 'Retry Patient', '+93701234567']) expect(logged).not.toContain(secret)
  })

  it('sends nothing, not even the password, to a server that offers no TLS, unless allowed for a local relay', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await submitAppointment(form({ ...appointment, name: 'Clear Text Patient' }), ctx)
    smtp.logins.length = 0
    expect(await sendDueEmails({ ...mailOptions(), transport: smtpTransport(smtp.url) })).toEqual({ sent: 0, failed: 1 })
    expect(smtp.logins).toEqual([])
    expect(smtp.received).toEqual([])
    const [row] = await outboxRows()
    expect(row).toMatchObject({ attempts: 1, sentAt: null })
    expect(warn.mock.calls.flat().join('\n')).not.toContain('Clear Text Patient')
  })

  it('gives a row up after a day of failures', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    await submitAppointment(form({ ...appointment, name: 'Given Up Patient' }), ctx)
    const closed = await startSmtpServer()
    await closed.close()
    let now = new Date()
    for (let attempt = 0; attempt < 40; attempt++) {
      const [row] = await outboxRows()
      now = new Date(Math.max(now.getTime(), row!.nextAttemptAt.getTime()))
      const { failed } = await sendDueEmails(mailOptions(closed.url, () => now))
      if (failed === 0) break
    }
    const [row] = await outboxRows()
    expect(row!.lastError).toBe('gave up: ESOCKET')
    expect(row!.sentAt).toBeNull()
    expect(row!.attempts).toBeLessThan(40)
    now = new Date(now.getTime() + 48 * 3_600_000)
    expect(await sendDueEmails(mailOptions(smtp.url, () => now))).toEqual({ sent: 0, failed: 0 })
  })

  it('sends every e-mail exactly once with two senders at the same time', async () => {
    for (let i = 0; i < 6; i++) await submitAppointment(form({ ...appointment, name: `Twice ${i}` }), ctx)
    const [a, b] = await Promise.all([sendDueEmails(mailOptions()), sendDueEmails(mailOptions())])
    expect(a.sent + b.sent).toBe(6)
    expect(smtp.received).toHaveLength(6)
    expect(new Set(smtp.received.map((m) => /Name: (Twice \d)/.exec(m.text)?.[1])).size).toBe(6)
  })

  it('the running sender sends right after a submission and stops cleanly', async () => {
    const mail = startStaffMail({ ...mailOptions(), intervalMs: 60_000 })
    await submitAppointment(form({ ...appointment, name: 'Woken Patient' }), ctx)
    await vi.waitFor(() => expect(smtp.received.some((m) => m.text.includes('Name: Woken Patient'))).toBe(true), { timeout: 10_000 })
    await mail.stop()
    // Stopped: new requests queue nothing.
    await submitAppointment(form({ ...appointment, name: 'After Stop Patient' }), ctx)
    expect((await outboxRows()).filter((row) => row.sentAt === null)).toEqual([])
  })
})
