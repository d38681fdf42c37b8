import { useEffect } from 'react'
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router'
import { Ltr } from '~/components/ui/bdi'
import { useToast } from '~/components/ui/toast'
import type { RequestDetail as RequestRow, RequestKind } from '~/lib/requests/requests.server'
import type { loadDeskDetail } from '~/lib/requests/desk-detail.server'
import { formResult, type FormAnswer } from '~/lib/staff/form-result'
import { format } from '~/locales'
import { LOCALE_INFO, isLocale } from '~/lib/i18n/locale'
import { useAdmin } from './admin-data'
import { adminDate } from './format'
import { StatusBadge, StatusSelect } from './status-badge'
import { adminCard } from './ui'
import { adminButton, adminDangerButton } from '~/components/ui/button'
import { ContactLinks, NotesSection, SourceBadge, VisitSection } from './request-desk'

/** What the detail page's action answers (routes/admin/+shared/request-desk.server.ts): which form, and whether a visit moved. */
type DetailAnswer = FormAnswer & { intent: 'status' | 'delete' | 'note' | 'schedule'; rescheduled?: boolean }

interface RequestDetailProps {
  kind: RequestKind
  basePath: string
  data: { request: RequestRow; statuses: readonly string[]; canDelete: boolean; desk: Awaited<ReturnType<typeof loadDeskDetail>> }
}

/** Everything one appointment request or registration holds, its status form and (for administrators) deletion. */
export function RequestDetail({ kind, basePath, data }: RequestDetailProps) {
  const { messages, locale } = useAdmin()
  const screen = kind === 'appointments' ? messages.patients : messages.students
  const row = data.request
  const actionData = useActionData<DetailAnswer>()
  const result = formResult(actionData)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const toast = useToast()
  const appointment = data.desk.appointment

  useEffect(() => {
    const answer = formResult(actionData)
    if (!answer.ok) return
    if (answer.intent === 'status') toast({ title: messages.requests.saved })
    if (answer.intent === 'note') toast({ title: messages.desk.notes.added })
    if (answer.intent === 'schedule') {
      toast({ title: 'rescheduled' in answer && answer.rescheduled ? messages.desk.visit.rescheduled : messages.desk.visit.confirmed })
    }
  }, [actionData, messages, toast])
  useBookedToast(messages.desk.booking.saved)

  const none = screen.fields.none
  const fields: Array<[string, React.ReactNode]> =
    kind === 'appointments'
      ? [
          [messages.patients.fields.name, row.name],
          [messages.patients.fields.phone, <Ltr key="p">{row.phone}</Ltr>],
          [messages.patients.fields.email, row.email ? <Ltr key="e">{row.email}</Ltr> : none],
          [messages.patients.fields.date, adminDate(row.date ?? '', locale, { withGregorian: true })],
          [messages.patients.fields.message, row.message ? <span className="whitespace-pre-wrap">{row.message}</span> : none],
          [messages.patients.fields.createdAt, adminDate(row.createdAt, locale, { withTime: true, withGregorian: true })],
          [
            messages.desk.source.label,
            appointment ? (
              <span key="s">
                <SourceBadge source={appointment.source} />
                {appointment.createdBy ? (
                  <span className="ms-2">{format(messages.desk.source.enteredBy, { name: appointment.createdBy })}</span>
                ) : null}
              </span>
            ) : null,
          ],
        ]
      : [
          [messages.students.fields.name, row.name],
          [messages.students.fields.phone, <Ltr key="p">{row.phone}</Ltr>],
          [messages.students.fields.email, row.email ? <Ltr key="e">{row.email}</Ltr> : none],
          [messages.students.fields.address, <span className="whitespace-pre-wrap">{row.address}</span>],
          [messages.students.fields.education, row.education],
          [messages.students.fields.course, row.course],
          [messages.students.fields.createdAt, adminDate(row.createdAt, locale, { withTime: true, withGregorian: true })],
        ]
  fields.push([
    messages.requests.language,
    isLocale(row.locale) ? <span lang={LOCALE_INFO[row.locale].tag}>{LOCALE_INFO[row.locale].nativeName}</span> : row.locale,
  ])

  return (
    <div>
      <p>
        <Link to={basePath} className="text-sm underline">
          {messages.requests.back}
        </Link>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold">{screen.detailTitle}</h1>
        <StatusBadge status={row.status} labels={messages.statuses} />
        {appointment && appointment.source !== 'online' ? <SourceBadge source={appointment.source} /> : null}
      </div>

      <dl className={`${adminCard} mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]`}>
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      {appointment ? <ContactLinks phone={row.phone} telHref={appointment.telHref} whatsappUrl={appointment.whatsappUrl} /> : null}
      {appointment ? <VisitSection status={row.status} appointment={appointment} result={result} busy={busy} /> : null}

      <section className={`${adminCard} mt-6`} aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-lg font-semibold">
          {messages.requests.changeStatus}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {row.statusUpdatedAt
            ? format(messages.requests.statusChangedBy, {
                name: row.statusUpdatedByName ?? '—',
                date: adminDate(row.statusUpdatedAt, locale, { withTime: true, withGregorian: true }),
              })
            : messages.requests.statusNeverChanged}
        </p>
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="status" />
          <StatusSelect id="new-status" statuses={data.statuses} defaultValue={row.status} />
          <button type="submit" disabled={busy} className={adminButton}>
            {messages.requests.save}
          </button>
        </Form>
        {result.intent === 'status' && result.errors.status ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {result.errors.status}
          </p>
        ) : null}
      </section>

      <NotesSection notes={data.desk.notes} result={result} busy={busy} />

      {data.canDelete ? (
        <section className="mt-6 rounded-lg border border-red-200 bg-red-50 p-6" aria-labelledby="delete-heading">
          <h2 id="delete-heading" className="text-lg font-semibold text-red-900">
            {messages.requests.deleteTitle}
          </h2>
          <p className="mt-1 text-sm text-red-900">{messages.requests.deleteText}</p>
          <Form method="post" className="mt-4 space-y-3">
            <input type="hidden" name="intent" value="delete" />
            <label className="flex items-center gap-2 text-sm text-red-900">
              <input type="checkbox" name="confirm" value="yes" required className="h-4 w-4" />
              {messages.requests.deleteConfirm}
            </label>
            <button type="submit" disabled={busy} className={adminDangerButton}>
              {messages.requests.deleteButton}
            </button>
          </Form>
        </section>
      ) : null}
    </div>
  )
}

/** The 'Appointment saved' toast after a desk booking opens its page, once. */
function useBookedToast(title: string) {
  const [params, setParams] = useSearchParams()
  const toast = useToast()
  const booked = params.get('booked') === '1'
  useEffect(() => {
    if (!booked) return
    toast({ title })
    setParams(
      (current) => {
        current.delete('booked')
        return current
      },
      { replace: true, preventScrollReset: true },
    )
  }, [booked, title, toast, setParams])
}
