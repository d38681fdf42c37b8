import { Form, Link } from 'react-router'
import { DataCell, DataRow, DataTable } from '~/components/admin/data-table'
import { LabelledField } from '~/components/admin/field'
import { AdminRouteError } from '~/components/admin/route-error'
import { adminInput } from '~/components/admin/ui'
import { adminButton, editorButton } from '~/components/ui/button'
import { formatList } from '~/lib/i18n/format'
import { LOCALES } from '~/lib/i18n/locale'
import { POST_STATUSES, POST_STREAMS } from '~/lib/posts/posts'
import { format } from '~/locales'
import type { Route } from './+types/posts'
import { postsLoader } from './posts.server'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.title ?? 'Posts' }]

export const loader = (args: Route.LoaderArgs) => postsLoader(args)

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

/** A filter of the list: a select that sends its value with the others (a GET form: works without JavaScript). */
function FilterSelect({
  name,
  label,
  all,
  value,
  options,
}: {
  name: string
  label: string
  all: string
  value: string
  options: ReadonlyArray<{ value: string; label: string }>
}) {
  return (
    <LabelledField id={`posts-filter-${name}`} label={label}>
      {(wiring) => (
        <select {...wiring} name={name} defaultValue={value} className={`${adminInput} mt-1`}>
          <option value="">{all}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  )
}

export default function PostsScreen({ loaderData }: Route.ComponentProps) {
  const { messages: m, languageNames, locale, pager, filter, rows, page, pages, total, writable } = loaderData
  const filtered = Boolean(filter.stream || filter.status || filter.language)
  const pageLink = (to: number) => {
    const query = new URLSearchParams(Object.entries(filter).filter(([, value]) => value))
    if (to > 1) query.set('page', String(to))
    return `?${query.toString()}`
  }
  const readOnlyStreams = POST_STREAMS.filter((stream) => !writable.includes(stream))

  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{m.title}</h1>
          <p className="mt-2 max-w-3xl text-slate-700">{m.intro}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {writable.map((stream) => (
            <Link key={stream} to={`/admin/posts/new?stream=${stream}`} className={editorButton}>
              {stream === 'articles' ? m.newArticle : m.newNews}
            </Link>
          ))}
        </div>
      </header>
      {readOnlyStreams.map((stream) => (
        <p key={stream} className="text-sm text-slate-700">
          {m.streams[stream]}: {format(m.readOnly, { roles: m.writers[stream] })}
        </p>
      ))}

      <Form method="get" aria-label={m.filters.label} className="flex flex-wrap items-end gap-4">
        <FilterSelect
          name="stream"
          label={m.filters.stream}
          all={m.filters.all}
          value={filter.stream}
          options={POST_STREAMS.map((value) => ({ value, label: m.streams[value] }))}
        />
        <FilterSelect
          name="status"
          label={m.filters.status}
          all={m.filters.all}
          value={filter.status}
          options={POST_STATUSES.map((value) => ({ value, label: m.statuses[value] }))}
        />
        <FilterSelect
          name="language"
          label={m.filters.language}
          all={m.filters.all}
          value={filter.language}
          options={LOCALES.map((value) => ({ value, label: languageNames[value] }))}
        />
        <button type="submit" className={adminButton}>
          {m.filters.apply}
        </button>
      </Form>

      <p className="text-sm text-slate-700" role="status">
        {format(m.total, { count: total })}
      </p>
      {rows.length === 0 ? (
        <p className="text-slate-700">{filtered ? m.emptyFiltered : m.empty}</p>
      ) : (
        <DataTable
          cards
          columns={[
            m.columns.title,
            m.columns.stream,
            m.columns.status,
            m.columns.languages,
            m.columns.publishAt,
            m.columns.updated,
            m.columns.author,
          ]}
        >
          {rows.map((row) => (
            <DataRow key={row.id}>
              <DataCell label={m.columns.title} className="md:whitespace-normal">
                <Link to={`/admin/posts/${row.id}`} className="font-bold text-blue-800 underline underline-offset-2">
                  {row.title || m.untitled}
                </Link>
              </DataCell>
              <DataCell label={m.columns.stream}>{m.streams[row.stream]}</DataCell>
              <DataCell label={m.columns.status}>{m.statuses[row.status]}</DataCell>
              <DataCell label={m.columns.languages}>
                {formatList(
                  row.languages.map((l) => languageNames[l]),
                  locale,
                )}
              </DataCell>
              <DataCell label={m.columns.publishAt}>{row.publishAt}</DataCell>
              <DataCell label={m.columns.updated}>{row.updatedAt}</DataCell>
              <DataCell label={m.columns.author}>{row.author}</DataCell>
            </DataRow>
          ))}
        </DataTable>
      )}
      {pages > 1 ? (
        <nav aria-label={pager.pagesLabel} className="flex flex-wrap items-center gap-4 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} rel="prev" className="font-bold text-blue-800 underline underline-offset-2">
              {pager.newer}
            </Link>
          ) : null}
          <span>{format(pager.pageOf, { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} rel="next" className="font-bold text-blue-800 underline underline-offset-2">
              {pager.older}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  )
}
