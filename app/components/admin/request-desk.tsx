import { Form, Link } from 'react-router'
import { Ltr } from '~/components/ui/bdi'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { toEasternDigits } from '~/lib/i18n/dates'
import type { RequestNote } from '~/lib/requests/notes.server'
import type { ScheduleChange } from '~/lib/requests/schedule.server'
import { MAX_NOTE_LENGTH } from '~/lib/requests/note-rules'
import { kabulParts, VISIT_FIELDS } from '~/lib/requests/visit-time'
import { format } from '~/locales'
import { useAdmin, useAdminMessages } from './admin-data'
import { LabelledField } from './field'
import { adminDate } from './format'
import { adminCard, adminInput } from './ui'
import { VisitTimeFields } from './visit-time-fields'

/** What a detail page's action answered, as these sections read it. */
export interface DeskAnswer {
  ok?: boolean
  intent?: string
  errors: Record<string, string>
  values?: unknown
}

const SOURCE_COLOURS: Record<string, string> = {
  online: 'bg-slate-100 text-slate-800 ring-slate-300',
  phone: 'bg-violet-100 text-violet-900 ring-violet-300',
  'walk-in': 'bg-teal-100 text-teal-900 ring-teal-300',
}

/** How an appointment came in: the online form, a phone call or a walk-in. */
export function SourceBadge({ source, className = '' }: { source: string; className?: string }) {
  const labels = useAdminMessages().desk.source as Record<string, string>
  return (
    <span
      data-source={source}
      className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${SOURCE_COLOURS[source] ?? SOURCE_COLOURS.online} ${className}`}
    >
      {labels[source] ?? source}
    </span>
  )
}

/** Call the patient, or open WhatsApp with a message in the language of their request. */
export function ContactLinks({ phone, telHref, whatsappUrl }: { phone: string; telHref: string; whatsappUrl: string }) {
  const texts = useAdminMessages().desk.contact
  const [before, after] = texts.call.split('{phone}') as [string, string | undefined]
  return (
    <section className={`${adminCard} mt-6`} aria-labelledby="contact-heading">
      <h2 id="contact-heading" className="text-lg font-semibold">
        {texts.title}
      </h2>
      <div className="mt-4 flex flex-wrap gap-3">
        <a href={telHref} className={adminSecondaryButton}>
          {before}
          <Ltr>{phone}</Ltr>
          {after}
        </a>
        <a href={whatsappUrl} target="_blank" rel="noopener" className={adminSecondaryButton}>
          {texts.whatsapp}
          <span className="sr-only"> {texts.newTab}</span>
        </a>
      </div>
      <p className="mt-2 text-sm text-slate-700">{texts.whatsappHelp}</p>
    </section>
  )
}

interface VisitSectionProps {
  status: string
  appointment: {
    confirmedFor: Date | null
    history: ScheduleChange[]
    visit: { date: string; time: string }
    today: string
    hours: { first: string; last: string }
  }
  result: DeskAnswer
  busy: boolean
}

/** The confirmed date and time: confirm, reschedule, and every change so far. */
export function VisitSection({ status, appointment, result, busy }: VisitSectionProps) {
  const { messages, locale } = useAdmin()
  const texts = messages.desk.visit
  const mine = result.intent === 'schedule'
  const typed = mine && !result.ok ? (result.values as Record<string, string> | undefined) : undefined
  const defaults = typed ? { date: typed[VISIT_FIELDS.date] ?? '', time: typed[VISIT_FIELDS.time] ?? '' } : appointment.visit
  const when = (date: Date) => adminDate(date, locale, { withTime: true, withGregorian: true })
  const current = appointment.confirmedFor
  const time = current ? kabulParts(current).time : ''
  return (
    <section className={`${adminCard} mt-6`} aria-labelledby="visit-heading">
      <h2 id="visit-heading" className="text-lg font-semibold">
        {texts.title}
      </h2>
      <p className="mt-1 text-sm text-slate-800" data-testid="confirmed-visit">
        {current
          ? format(texts.current, {
              date: adminDate(current, locale, { withGregorian: true }),
              time: locale === 'en' ? time : toEasternDigits(time),
            })
          : texts.none}
      </p>
      {/* A new key after each change: the fields show the new time. */}
      <Form method="post" key={appointment.history.length} className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="schedule" />
        <VisitTimeFields
          id="visit"
          locale={locale}
          defaults={defaults}
          today={appointment.today}
          hours={appointment.hours}
          errors={mine ? result.errors : {}}
          sent={typed}
          required
        />
        <button type="submit" disabled={busy} className={adminButton}>
          {status === 'confirmed' && current ? texts.reschedule : texts.confirm}
        </button>
      </Form>
      {appointment.history.length > 0 ? (
        <div className="mt-6 overflow-x-auto">
          <table className="w-full text-start text-sm">
            <caption className="mb-2 text-start font-semibold">{texts.history}</caption>
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="py-2 pe-4 text-start">
                  {texts.changedAt}
                </th>
                <th scope="col" className="py-2 pe-4 text-start">
                  {texts.changedBy}
                </th>
                <th scope="col" className="py-2 pe-4 text-start">
                  {texts.from}
                </th>
                <th scope="col" className="py-2 text-start">
                  {texts.to}
                </th>
              </tr>
            </thead>
            <tbody>
              {appointment.history.map((change) => (
                <tr key={change.id} className="border-b border-slate-100">
                  <td className="py-2 pe-4">{when(change.changedAt)}</td>
                  <td className="py-2 pe-4">{change.changedBy ?? texts.unknownStaff}</td>
                  <td className="py-2 pe-4">{change.from ? when(change.from) : texts.firstTime}</td>
                  <td className="py-2">{when(change.to)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  )
}

/** Staff notes on the request, newest first, and a form to add one (the text stays after a refusal). */
export function NotesSection({ notes, result, busy }: { notes: RequestNote[]; result: DeskAnswer; busy: boolean }) {
  const { messages, locale } = useAdmin()
  const texts = messages.desk.notes
  const mine = result.intent === 'note'
  const typed = mine && !result.ok ? ((result.values as { note?: string } | undefined)?.note ?? '') : ''
  return (
    <section className={`${adminCard} mt-6`} aria-labelledby="notes-heading">
      <h2 id="notes-heading" className="text-lg font-semibold">
        {texts.title}
      </h2>
      {/* A new key after each note: the box is empty again. */}
      <Form method="post" key={notes[0]?.id ?? 0} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="note" />
        <LabelledField id="note" label={texts.label} error={mine ? result.errors.note : undefined} help={texts.help}>
          {(wiring) => (
            <textarea
              {...wiring}
              name="note"
              rows={3}
              required
              maxLength={MAX_NOTE_LENGTH}
              defaultValue={typed}
              className={`${adminInput} mt-1`}
            />
          )}
        </LabelledField>
        <button type="submit" disabled={busy} className={adminButton}>
          {texts.add}
        </button>
      </Form>
      {notes.length > 0 ? (
        <ol className="mt-6 space-y-4" aria-label={texts.title}>
          {notes.map((note) => (
            <li key={note.id} className="border-s-4 border-slate-300 ps-3">
              <p className="whitespace-pre-wrap text-slate-900">{note.body}</p>
              <p className="mt-1 text-xs text-slate-700">
                {format(texts.by, {
                  name: note.author ?? messages.desk.visit.unknownStaff,
                  date: adminDate(note.createdAt, locale, { withTime: true, withGregorian: true }),
                })}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{texts.empty}</p>
      )}
    </section>
  )
}

/** The way to a phone or walk-in booking, above the appointments list. */
export function NewAppointmentLink() {
  const texts = useAdminMessages().desk.booking
  return (
    <p className="mb-4 flex justify-end">
      <Link to="/admin/patients/new" className={adminButton}>
        {texts.open}
      </Link>
    </p>
  )
}
