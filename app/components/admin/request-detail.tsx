import { useEffect } from 'react'
import { Form, Link, useActionData, useNavigation } from 'react-router'
import { Ltr } from '~/components/ui/bdi'
import { useToast } from '~/components/ui/toast'
import type { RequestDetail as RequestRow, RequestKind } from '~/lib/requests/requests.server'
import type { requestDetailAction } from '~/lib/requests/request-routes.server'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import { LOCALE_INFO, isLocale } from '~/lib/i18n/locale'
import { useAdmin } from './admin-data'
import { adminDate } from './format'
import { StatusBadge, StatusSelect } from './status-badge'
import { adminCard } from './ui'
import { adminButton, adminDangerButton } from '~/components/ui/button'

interface RequestDetailProps {
  kind: RequestKind
  basePath: string
  data: { request: RequestRow; statuses: readonly string[]; canDelete: boolean }
}

/** Everything one appointment request or registration holds, its status form and (for administrators) deletion. */
export function RequestDetail({ kind, basePath, data }: RequestDetailProps) {
  const { messages, locale } = useAdmin()
  const screen = kind === 'appointments' ? messages.patients : messages.students
  const row = data.request
  const actionData = useActionData<typeof requestDetailAction>()
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const toast = useToast()

  useEffect(() => {
    const result = formResult(actionData)
    if (result.ok && result.intent === 'status') toast({ title: messages.requests.saved })
  }, [actionData, messages, toast])

  const none = screen.fields.none
  const fields: Array<[string, React.ReactNode]> =
    kind === 'appointments'
      ? [
          [messages.patients.fields.name, row.name],
          [messages.patients.fields.phone, <Ltr key="p">{row.phone}</Ltr>],
          [messages.patients.fields.email, row.email ? <Ltr key="e">{row.email}</Ltr> : none],
          [messages.patients.fields.date, adminDate(row.date ?? '', locale)],
          [messages.patients.fields.message, row.message ? <span className="whitespace-pre-wrap">{row.message}</span> : none],
          [messages.patients.fields.createdAt, adminDate(row.createdAt, locale, { withTime: true })],
        ]
      : [
          [messages.students.fields.name, row.name],
          [messages.students.fields.phone, <Ltr key="p">{row.phone}</Ltr>],
          [messages.students.fields.email, row.email ? <Ltr key="e">{row.email}</Ltr> : none],
          [messages.students.fields.address, <span className="whitespace-pre-wrap">{row.address}</span>],
          [messages.students.fields.education, row.education],
          [messages.students.fields.course, row.course],
          [messages.students.fields.createdAt, adminDate(row.createdAt, locale, { withTime: true })],
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
      </div>

      <dl className={`${adminCard} mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[max-content_1fr]`}>
        {fields.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-700">{label}</dt>
            <dd className="text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>

      <section className={`${adminCard} mt-6`} aria-labelledby="status-heading">
        <h2 id="status-heading" className="text-lg font-semibold">
          {messages.requests.changeStatus}
        </h2>
        <p className="mt-1 text-sm text-slate-700">
          {row.statusUpdatedAt
            ? format(messages.requests.statusChangedBy, {
                name: row.statusUpdatedByName ?? '—',
                date: adminDate(row.statusUpdatedAt, locale, { withTime: true }),
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
      </section>

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
