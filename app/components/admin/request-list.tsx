import { useEffect } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { Ltr } from '~/components/ui/bdi'
import { useToast } from '~/components/ui/toast'
import type { RequestKind, RequestPage } from '~/lib/requests/requests.server'
import { format } from '~/locales'
import { useAdmin } from './admin-data'
import { adminDate } from './format'
import { StatusBadge, StatusSelect } from './status-badge'
import { SourceBadge } from './request-desk'
import { DataCell, DataRow, DataTable } from './data-table'
import { AdminTextField, LabelledField } from './field'
import { adminInput } from './ui'
import { dateRangeParams, kabulToday, type DateField, type DateRangeError } from '~/lib/requests/date-range'
import { StaffDateField } from './staff-date-field'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { useRevalidateOnDeskEvent } from '~/lib/desk-events/use-desk-events'

interface ListFilters {
  q: string
  status: string
  statuses: readonly string[]
  dateFields: readonly DateField[]
  range: { field: DateField; from: string; to: string }
  rangeError: { error: DateRangeError; field: 'from' | 'to' } | null
}

interface RequestListProps {
  kind: RequestKind
  basePath: string
  data: ({ ok: true; page: RequestPage } | { ok: false; page: null }) & ListFilters
}

/** Patients and Students (docs/product.md#requests): the table, newest first, with its loading, error, empty and list states. */
export function RequestList({ kind, basePath, data }: RequestListProps) {
  const { messages, locale } = useAdmin()
  useRevalidateOnDeskEvent(kind === 'appointments' ? 'appointment' : 'registration')
  const screen = kind === 'appointments' ? messages.patients : messages.students
  const navigation = useNavigation()
  const [params, setParams] = useSearchParams()
  const toast = useToast()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === basePath
  const dated = Boolean(data.range.from || data.range.to)
  const filtered = Boolean(data.q || data.status || dated)
  const t = messages.deskLists
  const rangeError = data.rangeError

  const deleted = params.get('deleted') === '1'
  useEffect(() => {
    if (!deleted) return
    toast({ title: messages.requests.deleted })
    setParams(
      (current) => {
        current.delete('deleted')
        return current
      },
      { replace: true, preventScrollReset: true },
    )
  }, [deleted, messages, toast, setParams])

  const query = (extra: Record<string, string>) => {
    const search = new URLSearchParams()
    if (data.q) search.set('q', data.q)
    if (data.status) search.set('status', data.status)
    if (!rangeError) for (const [key, value] of Object.entries(dateRangeParams(data.range))) search.set(key, value)
    for (const [key, value] of Object.entries(extra)) search.set(key, value)
    const text = search.toString()
    return text ? `?${text}` : ''
  }

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold">{screen.title}</h1>
        <a href={`${basePath}/export${query({})}`} download className={adminSecondaryButton}>
          {messages.requests.exportCsv}
        </a>
      </div>

      <Form method="get" role="search" className="mt-6 flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-auto sm:min-w-56 sm:flex-1">
          <AdminTextField id="q" name="q" type="search" label={messages.requests.search} defaultValue={data.q} maxLength={100} />
        </div>
        <StatusSelect id="status" statuses={data.statuses} defaultValue={data.status} anyLabel={messages.requests.allStatuses} />
        {data.dateFields.length > 1 ? (
          <LabelledField id="dateField" label={t.dateField}>
            {(wiring) => (
              <select {...wiring} name="dateField" defaultValue={data.range.field} key={data.range.field} className={`${adminInput} mt-1`}>
                {data.dateFields.map((field) => (
                  <option key={field} value={field}>
                    {t.dateFields[field]}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
        ) : null}
        {(['from', 'to'] as const).map((name) => {
          const error = rangeError?.field === name ? t.errors[rangeError.error] : undefined
          return (
            <StaffDateField
              key={`${name}-${data.range[name]}`}
              id={name}
              name={name}
              label={t[name]}
              locale={locale}
              today={kabulToday()}
              value={data.range[name] ?? ''}
              sent={rangeError ? Object.fromEntries(params) : undefined}
              error={error}
              filter
              english={
                <LabelledField id={name} label={t[name]} error={error}>
                  {(wiring) => (
                    <input
                      {...wiring}
                      type="date"
                      name={name}
                      defaultValue={data.range[name]}
                      key={data.range[name]}
                      min="2000-01-01"
                      max="2100-12-31"
                      className={`${adminInput} mt-1`}
                    />
                  )}
                </LabelledField>
              }
            />
          )
        })}
        <button type="submit" className={adminButton}>
          {messages.requests.searchButton}
        </button>
        {filtered ? (
          <Link to={basePath} className={adminSecondaryButton}>
            {messages.requests.clear}
          </Link>
        ) : null}
      </Form>

      <div className="mt-6" aria-busy={loading}>
        {loading ? (
          <p role="status" className="mb-3 flex items-center gap-2 text-sm text-slate-700">
            <span className="h-4 w-4 animate-spin rounded-full border-2 border-slate-400 border-t-transparent" aria-hidden="true" />
            {messages.requests.loading}
          </p>
        ) : null}
        {rangeError ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-6 text-red-900">
            {t.errors[rangeError.error]}
          </div>
        ) : !data.ok ? (
          <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-6 text-red-900">
            {screen.error}
          </div>
        ) : data.page.total === 0 && !filtered ? (
          <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center">
            <h2 className="text-lg font-semibold">{screen.emptyTitle}</h2>
            <p className="mt-2 text-slate-700">{screen.emptyText}</p>
          </div>
        ) : (
          <>
            <p className="mb-2 text-sm text-slate-700" role="status">
              {data.page.totalCapped
                ? format(messages.requests.totalMore, { count: data.page.total - 1 })
                : data.page.total === 1
                  ? messages.requests.totalOne
                  : format(messages.requests.total, { count: data.page.total })}
            </p>
            {data.page.rows.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-6">{messages.requests.noMatches}</p>
            ) : (
              <DataTable columns={[...Object.values(screen.columns), t.actions]} cards>
                {data.page.rows.map((row) => (
                  <DataRow key={row.id}>
                    <DataCell label={screen.columns.createdAt}>{adminDate(row.createdAt, locale, { withTime: true })}</DataCell>
                    <DataCell label={screen.columns.name} wraps className="font-medium [overflow-wrap:anywhere] max-md:not-print:text-base">
                      <Link to={`${basePath}/${row.id}`} className="underline decoration-slate-400 hover:decoration-slate-900">
                        {row.name}
                      </Link>
                      {row.source && row.source !== 'online' ? <SourceBadge source={row.source} className="ms-2" /> : null}
                    </DataCell>
                    <DataCell label={screen.columns.phone} className="whitespace-nowrap">
                      <Ltr>{row.phone}</Ltr>
                    </DataCell>
                    <DataCell
                      label={kind === 'appointments' ? messages.patients.columns.date : messages.students.columns.course}
                      wraps={kind === 'registrations'}
                    >
                      {kind === 'appointments' ? adminDate(row.date ?? '', locale) : row.course}
                    </DataCell>
                    <DataCell label={screen.columns.status}>
                      <StatusBadge status={row.status} labels={messages.statuses} />
                    </DataCell>
                    <DataCell label={t.actions} className="print:hidden">
                      <a href={`tel:${row.phone}`} className={adminSecondaryButton}>
                        {t.call}
                      </a>
                    </DataCell>
                  </DataRow>
                ))}
              </DataTable>
            )}
            {data.page.prevCursor || data.page.nextCursor ? (
              <nav aria-label={messages.requests.pagination} className="mt-4 flex flex-wrap gap-2">
                {data.page.prevCursor ? (
                  <>
                    <Link to={`${basePath}${query({})}`} className={adminSecondaryButton}>
                      {messages.requests.first}
                    </Link>
                    <Link to={`${basePath}${query({ before: data.page.prevCursor })}`} rel="prev" className={adminSecondaryButton}>
                      {messages.requests.previous}
                    </Link>
                  </>
                ) : null}
                {data.page.nextCursor ? (
                  <Link to={`${basePath}${query({ after: data.page.nextCursor })}`} rel="next" className={adminSecondaryButton}>
                    {messages.requests.next}
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  )
}
