import { useEffect } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { Ltr } from '~/components/ui/bdi'
import { useToast } from '~/components/ui/toast'
import type { RequestKind, RequestPage } from '~/lib/requests/requests.server'
import { format } from '~/locales'
import { useAdmin } from './admin-data'
import { adminDate } from './format'
import { StatusBadge, StatusSelect } from './status-badge'
import { DataTable } from './data-table'
import { AdminTextField } from './field'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'

interface RequestListProps {
  kind: RequestKind
  basePath: string
  data:
    | { ok: true; page: RequestPage; q: string; status: string; statuses: readonly string[] }
    | { ok: false; page: null; q: string; status: string; statuses: readonly string[] }
}

/** Patients and Students (docs/product.md#requests): the table, newest first, with its loading, error, empty and list states. */
export function RequestList({ kind, basePath, data }: RequestListProps) {
  const { messages, locale } = useAdmin()
  const screen = kind === 'appointments' ? messages.patients : messages.students
  const navigation = useNavigation()
  const [params, setParams] = useSearchParams()
  const toast = useToast()
  const loading = navigation.state === 'loading' && navigation.location?.pathname === basePath
  const filtered = Boolean(data.q || data.status)

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
        <div className="min-w-56 flex-1">
          <AdminTextField id="q" name="q" type="search" label={messages.requests.search} defaultValue={data.q} maxLength={100} />
        </div>
        <StatusSelect id="status" statuses={data.statuses} defaultValue={data.status} anyLabel={messages.requests.allStatuses} />
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
        {!data.ok ? (
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
              <DataTable columns={Object.values(screen.columns)}>
                {data.page.rows.map((row) => (
                  <tr key={row.id}>
                    <td className="whitespace-nowrap px-4 py-3">{adminDate(row.createdAt, locale, { withTime: true })}</td>
                    <td className="px-4 py-3 font-medium">
                      <Link to={`${basePath}/${row.id}`} className="underline decoration-slate-400 hover:decoration-slate-900">
                        {row.name}
                      </Link>
                    </td>
                    <td className="whitespace-nowrap px-4 py-3">
                      <Ltr>{row.phone}</Ltr>
                    </td>
                    <td className="px-4 py-3">{kind === 'appointments' ? adminDate(row.date ?? '', locale) : row.course}</td>
                    <td className="px-4 py-3">
                      <StatusBadge status={row.status} labels={messages.statuses} />
                    </td>
                  </tr>
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
