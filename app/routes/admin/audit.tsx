import { Form, Link } from 'react-router'
import type { Route } from './+types/audit'
import { auditLoader } from './audit.server'
import { useAdmin } from '~/components/admin/admin-data'
import { DataTable } from '~/components/admin/data-table'
import { AdminTextField, LabelledField } from '~/components/admin/field'
import { AdminRouteError } from '~/components/admin/route-error'
import { StaffDateField } from '~/components/admin/staff-date-field'
import { adminCard, adminInput } from '~/components/admin/ui'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { LIST_PATH } from '~/lib/access/sections'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { formatList } from '~/lib/i18n/format'
import type { Locale } from '~/lib/i18n/locale'
import { format, type Messages } from '~/locales'

/** The audit log (administrators only): who did what and when, newest first; it can only be read. */
export const loader = (args: Route.LoaderArgs) => auditLoader(args)

type AdminMessages = Messages['admin']
type Entry = Route.ComponentProps['loaderData']['entries'][number]

const text = (value: unknown) => (typeof value === 'string' ? value : '')

/**
 * What an entry was about, in the reader's language: a request (a link to it: the log shows no
 * request number, docs/product.md#request-numbers), an account, a part of the site, a list.
 */
function describeTarget(entry: Entry, m: AdminMessages): React.ReactNode {
  const t = m.audit
  const [kind = '', key = ''] = (entry.target ?? '').split(':')
  const details = entry.details
  switch (kind) {
    case 'appointment':
    case 'registration':
      return /^\d+$/.test(key) ? (
        <Link to={`${LIST_PATH[kind === 'appointment' ? 'appointments' : 'registrations']}/${key}`} className="underline">
          {t.targets[kind]}
        </Link>
      ) : (
        t.targets[kind]
      )
    case 'post':
      return /^\d+$/.test(key) ? (
        <Link to={`/admin/posts/${key}`} className="underline">
          {format(t.targets.post, { id: Number(key) })}
        </Link>
      ) : (
        ''
      )
    case 'staff':
      return typeof details.username === 'string' ? format(t.targets.staff, { name: details.username }) : ''
    case 'document':
      return format(t.targets.document, { name: key in t.documents ? t.documents[key as keyof typeof t.documents] : key })
    case 'backup':
      return format(t.targets.backup, { name: key })
    case 'list':
      return key in t.exportOf ? t.exportOf[key as keyof typeof t.exportOf] : key
    default:
      return ''
  }
}

/** The entry's particulars: a status or role from → to, an export's filter, a media change. */
function describeDetails(entry: Entry, m: AdminMessages, locale: Locale): string {
  const t = m.audit
  const details = entry.details
  const status = (value: unknown) => (text(value) in m.statuses ? m.statuses[text(value) as keyof typeof m.statuses] : text(value))
  const role = (value: unknown) => (text(value) in m.roles ? m.roles[text(value) as keyof typeof m.roles] : text(value))
  switch (entry.action) {
    case 'request-status':
      return format(t.statusChange, { from: status(details.from), to: status(details.to) })
    case 'visit-schedule': {
      const time = (value: unknown) => (text(value) ? formatStaffDate(text(value), locale, { withTime: true }) : '—')
      return format(t.statusChange, { from: time(details.from), to: time(details.to) })
    }
    case 'staff-role':
      return format(t.roleChange, { from: role(details.from), to: role(details.to) })
    case 'request-export': {
      const filter = details.status ? format(t.exportFilter, { status: status(details.status) }) : t.exportAll
      return details.search ? formatList([filter, t.exportSearch], locale) : filter
    }
    case 'media-change': {
      const change = text(details.change)
      if (!(change in t.mediaChanges)) return ''
      return format(t.mediaChanges[change as keyof typeof t.mediaChanges], { name: text(details.name), slot: text(details.slot) })
    }
    default:
      return ''
  }
}

export default function AuditScreen({ loaderData }: Route.ComponentProps) {
  const { messages, locale } = useAdmin()
  const t = messages.audit
  const { filter, errors, entries, nextCursor } = loaderData
  const query = (extra: Record<string, string>) => {
    const params = new URLSearchParams()
    for (const [name, value] of Object.entries({ ...filter, ...extra })) if (value) params.set(name, value)
    const search = params.toString()
    return `/admin/audit${search ? `?${search}` : ''}`
  }
  const actionName = (action: string) => (action in t.actions ? t.actions[action as keyof typeof t.actions] : action)

  return (
    <div>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-1 text-slate-700">{t.intro}</p>

      <section className={`${adminCard} mt-6`} aria-labelledby="audit-filter-heading">
        <h2 id="audit-filter-heading" className="text-lg font-semibold">
          {t.filters}
        </h2>
        {errors.form ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {errors.form}
          </p>
        ) : null}
        <Form method="get" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <LabelledField id="audit-action" label={t.action}>
            {(wiring) => (
              <select {...wiring} name="action" defaultValue={filter.action} className={`${adminInput} mt-1`}>
                <option value="">{t.allActions}</option>
                {loaderData.actions.map((action) => (
                  <option key={action} value={action}>
                    {actionName(action)}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
          <LabelledField id="audit-staff" label={t.member}>
            {(wiring) => (
              <select {...wiring} name="staff" defaultValue={filter.staff} className={`${adminInput} mt-1`}>
                <option value="">{t.allMembers}</option>
                {loaderData.members.map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
          {(['from', 'to'] as const).map((name) => (
            // Dari and Pashto staff type the Solar Hijri date, as on the other desk screens.
            <StaffDateField
              key={`${name}-${filter[name]}`}
              id={`audit-${name}`}
              name={name}
              label={t[name]}
              locale={locale}
              today={loaderData.today}
              value={filter[name]}
              sent={loaderData.sent}
              error={errors[name]}
              filter
              english={
                <AdminTextField
                  id={`audit-${name}`}
                  name={name}
                  type="date"
                  label={t[name]}
                  defaultValue={filter[name]}
                  error={errors[name]}
                  min="2000-01-01"
                  max="2100-12-31"
                />
              }
            />
          ))}
          <div className="flex flex-wrap gap-2 sm:col-span-2 lg:col-span-4">
            <button type="submit" className={adminButton}>
              {t.apply}
            </button>
            <Link to="/admin/audit" className={adminSecondaryButton}>
              {t.clear}
            </Link>
          </div>
        </Form>
      </section>

      {entries.length === 0 ? (
        <p className="mt-6 text-slate-700">{t.empty}</p>
      ) : (
        <DataTable columns={Object.values(t.columns)} className="mt-6">
          {entries.map((entry) => (
            <tr key={entry.id} className="align-top">
              <td className="whitespace-nowrap px-4 py-3">
                <time dateTime={entry.at}>{formatStaffDate(entry.at, locale, { withTime: true })}</time>
              </td>
              <td className="px-4 py-3">
                {entry.displayName ?? entry.actor} <span className="text-slate-600">({entry.actor})</span>
              </td>
              <td className="px-4 py-3 font-medium">{actionName(entry.action)}</td>
              <td className="px-4 py-3">
                {describeTarget(entry, messages)}
                {describeDetails(entry, messages, locale) ? (
                  <span className="block text-slate-700">{describeDetails(entry, messages, locale)}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      )}

      <nav aria-label={t.pagination} className="mt-4 flex flex-wrap gap-2">
        {loaderData.paged ? (
          <Link to={query({})} className={adminSecondaryButton}>
            {t.newest}
          </Link>
        ) : null}
        {nextCursor ? (
          <Link to={query({ after: nextCursor })} rel="next" className={adminSecondaryButton}>
            {t.older}
          </Link>
        ) : null}
      </nav>
    </div>
  )
}

export const ErrorBoundary = AdminRouteError
