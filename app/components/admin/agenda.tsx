import { Form, Link } from 'react-router'
import { Ltr } from '~/components/ui/bdi'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { formatDate, localizeDigits } from '~/lib/i18n/dates'
import type { AgendaView } from '~/lib/requests/agenda'
import { kabulTime } from '~/lib/requests/agenda'
import { LIST_PATH } from '~/lib/access/sections'
import { format } from '~/locales'
import { useAdmin } from './admin-data'
import { DataCell, DataRow, DataTable } from './data-table'
import { useHydrated } from './feedback'
import { LabelledField } from './field'
import { StaffDateField } from './staff-date-field'
import { StatusBadge } from './status-badge'
import { adminInput } from './ui'

export interface AgendaData {
  ok: boolean
  view: AgendaView
  day: string
  previous: string
  next: string
  today: string
  invalidDay: boolean
  more: boolean
  groups: Array<{ day: string; visits: Array<{ id: number; name: string; phone: string; status: string; confirmedFor: Date }> }>
}

const AGENDA_PATH = '/admin/agenda'

/**
 * The agenda (docs/product.md#agenda): confirmed visits of a day or an Afghan week, by Kabul day,
 * printable. `printView` is the page the "Print view" link opens (`/admin/agenda/print`): no frame,
 * no controls but the way back, so it prints as it is without JavaScript.
 */
export function Agenda({ data, printView = false }: { data: AgendaData; printView?: boolean }) {
  const { messages, locale } = useAdmin()
  const t = messages.deskLists.agenda
  const columns = t.columns
  const link = (view: AgendaView, day: string) => `${AGENDA_PATH}?view=${view}&day=${day}`
  const week = data.view === 'week'
  const first = data.groups[0]!.day
  const last = data.groups[data.groups.length - 1]!.day
  const heading = week
    ? format(t.weekRange, {
        from: formatDate(first, locale, { withGregorian: false }),
        to: formatDate(last, locale, { withGregorian: false }),
      })
    : formatDate(data.day, locale, { withWeekday: true })

  return (
    <div className="print:text-black">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{t.title}</h1>
          <p className="mt-1 text-slate-700">
            {heading} · {t.intro}
          </p>
        </div>
        <div className="flex flex-wrap gap-2 print:hidden">
          <PrintButton label={t.print} />
          {printView ? (
            <Link to={link(data.view, data.day)} className={adminSecondaryButton}>
              {t.back}
            </Link>
          ) : (
            <Link to={`${AGENDA_PATH}/print?view=${data.view}&day=${data.day}`} className={adminSecondaryButton}>
              {t.printView}
            </Link>
          )}
        </div>
      </div>
      {printView ? (
        <p role="note" className="mt-4 text-sm text-slate-700 print:hidden">
          {t.printHint}
        </p>
      ) : null}

      <div className={`mt-6 flex flex-wrap items-end gap-3 print:hidden ${printView ? 'hidden' : ''}`}>
        <nav aria-label={t.view} className="flex gap-2">
          {(['day', 'week'] as const).map((view) => (
            <Link
              key={view}
              to={link(view, data.day)}
              aria-current={data.view === view ? 'page' : undefined}
              className={data.view === view ? adminButton : adminSecondaryButton}
            >
              {t[view]}
            </Link>
          ))}
        </nav>
        <nav aria-label={t.navigation} className="flex flex-wrap gap-2">
          <Link to={link(data.view, data.previous)} rel="prev" className={adminSecondaryButton}>
            {week ? t.previousWeek : t.previousDay}
          </Link>
          <Link to={link(data.view, data.today)} className={adminSecondaryButton}>
            {t.today}
          </Link>
          <Link to={link(data.view, data.next)} rel="next" className={adminSecondaryButton}>
            {week ? t.nextWeek : t.nextDay}
          </Link>
        </nav>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="view" value={data.view} />
          <StaffDateField
            key={data.day}
            id="agenda-day"
            name="day"
            label={t.date}
            locale={locale}
            today={data.today}
            value={data.day}
            filter
            english={
              <LabelledField id="agenda-day" label={t.date}>
                {(wiring) => (
                  <input {...wiring} type="date" name="day" defaultValue={data.day} key={data.day} className={`${adminInput} mt-1`} />
                )}
              </LabelledField>
            }
          />
          <button type="submit" className={adminSecondaryButton}>
            {t.show}
          </button>
        </Form>
      </div>

      {data.invalidDay ? (
        <p role="alert" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900 print:hidden">
          {t.invalidDay}
        </p>
      ) : null}
      {!data.ok ? (
        <div role="alert" className="mt-6 rounded-lg border border-red-300 bg-red-50 p-6 text-red-900">
          {t.error}
        </div>
      ) : null}
      {data.more ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-900">
          {format(t.more, { count: data.groups.reduce((sum, group) => sum + group.visits.length, 0) })}
        </p>
      ) : null}

      <div className="mt-6 space-y-8 print:mt-4 print:space-y-6">
        {data.groups.map((group) => (
          <section key={group.day} aria-labelledby={`day-${group.day}`} data-day={group.day}>
            <h2 id={`day-${group.day}`} className="text-lg font-semibold">
              {formatDate(group.day, locale, { withWeekday: true })}
              <span className="ms-2 text-sm font-normal text-slate-700">{format(t.visits, { count: group.visits.length })}</span>
            </h2>
            {group.visits.length === 0 ? (
              <p className="mt-2 text-slate-700">{t.empty}</p>
            ) : (
              <DataTable columns={[columns.time, columns.name, columns.phone, columns.status]} className="mt-2" cards>
                {group.visits.map((visit) => (
                  <DataRow key={visit.id}>
                    <DataCell label={columns.time} className="font-semibold tabular-nums">
                      <time dateTime={new Date(visit.confirmedFor).toISOString()}>
                        {localizeDigits(kabulTime(new Date(visit.confirmedFor)), locale)}
                      </time>
                    </DataCell>
                    <DataCell label={columns.name} className="font-medium">
                      <Link
                        to={`${LIST_PATH.appointments}/${visit.id}`}
                        className="underline decoration-slate-400 hover:decoration-slate-900 print:no-underline"
                      >
                        {visit.name}
                      </Link>
                    </DataCell>
                    <DataCell label={columns.phone}>
                      <Ltr>{visit.phone}</Ltr>
                    </DataCell>
                    <DataCell label={columns.status}>
                      <StatusBadge status={visit.status} labels={messages.statuses} />
                    </DataCell>
                  </DataRow>
                ))}
              </DataTable>
            )}
          </section>
        ))}
      </div>
    </div>
  )
}

/** Opens the browser's print dialog; the page's print styles leave out the panel's frame and controls. */
function PrintButton({ label }: { label: string }) {
  // Shown once the page runs scripts: without them the button could do nothing (the browser's own Print still works).
  if (!useHydrated()) return null
  return (
    <button type="button" onClick={() => window.print()} className={`${adminSecondaryButton} print:hidden`}>
      {label}
    </button>
  )
}
