import { Form } from 'react-router'
import { adminDate } from '~/components/admin/format'
import { adminCard } from '~/components/admin/ui'
import { adminSecondaryButton } from '~/components/ui/button'
import type { Locale } from '~/lib/i18n/locale'
import type { Browser, System } from '~/lib/staff/user-agent'
import { format, type Messages } from '~/locales'

export interface ListedSession {
  id: string
  browser: Browser
  system: System
  createdAt: Date | string
  lastSeenAt: Date | string
  current: boolean
}

/** "Chrome on Android", in the admin's language. */
function deviceName(t: Messages['admin']['staffSecurity'], session: Pick<ListedSession, 'browser' | 'system'>): string {
  return format(t.device, { browser: t.browsers[session.browser], system: t.systems[session.system] })
}

/** The member's signed-in sessions, the current one first and marked; each other one can be signed out, or all of them at once. */
export function AccountSessions({
  sessions,
  messages,
  locale,
  busy,
  error,
}: {
  sessions: ListedSession[]
  messages: Messages['admin']
  locale: Locale
  busy: boolean
  error?: string
}) {
  const t = messages.staffSecurity
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current))
  const others = sessions.filter((session) => !session.current)
  return (
    <section className={`${adminCard} mt-6 max-w-xl`} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading" className="text-lg font-semibold">
        {t.sessionsHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.sessionsIntro}</p>
      {error ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-200" aria-label={t.sessionsHeading}>
        {ordered.map((session) => {
          const device = deviceName(t, session)
          const lastUsed = adminDate(session.lastSeenAt, locale, { withTime: true })
          return (
            <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="staff-session">
              <div>
                <p className="font-medium">
                  {device}
                  {session.current ? (
                    <span className="ms-2 rounded bg-slate-800 px-2 py-0.5 text-xs font-semibold text-white">{t.thisSession}</span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {format(t.firstUsed, { date: adminDate(session.createdAt, locale, { withTime: true }) })}
                </p>
                <p className="text-sm text-slate-700">{format(t.lastUsed, { date: lastUsed })}</p>
              </div>
              {session.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value="session-end" />
                  <input type="hidden" name="session" value={session.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={adminSecondaryButton}
                    aria-label={format(t.signOutOf, { device, date: lastUsed })}
                  >
                    {t.signOut}
                  </button>
                </Form>
              )}
            </li>
          )
        })}
      </ul>
      {others.length > 0 ? (
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="sessions-end-others" />
          <button type="submit" disabled={busy} className={adminSecondaryButton}>
            {t.signOutOthers}
          </button>
        </Form>
      ) : (
        <p className="mt-4 text-sm text-slate-700">{t.onlyHere}</p>
      )}
    </section>
  )
}
