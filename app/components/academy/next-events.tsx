import { Link } from 'react-router'
import { SectionHeading } from '~/components/section-heading'
import { smallSecondaryButtonClass } from '~/components/ui/button'
import { ArrowForwardIcon } from '~/components/ui/icons'
import { formatDate } from '~/lib/i18n/dates'
import { LOCALE_INFO } from '~/lib/i18n/locale'
import type { PostCard } from '~/lib/posts/post-reads.server'
import { useLocale, useLocalizedPath } from '~/lib/site/root-data'
import { format, type Messages } from '~/locales'

/**
 * The academy homepage's Next events: each event to come, soonest first, with its day and time in
 * Kabul and its place, and the way to all the news. Text only, so the homepage stays light (the
 * event's page has its picture).
 */
export function NextEvents({ events, texts }: { events: PostCard[]; texts: Messages['posts']['public'] }) {
  const locale = useLocale()
  const lp = useLocalizedPath()
  return (
    <section aria-labelledby="events-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="events-heading" title={texts.nextEvents} />
        <ul aria-label={texts.nextEvents} className="mt-12 grid gap-6 md:grid-cols-3">
          {events.map((event) => {
            const other = event.shownIn === locale ? {} : { lang: LOCALE_INFO[event.shownIn].tag, dir: LOCALE_INFO[event.shownIn].dir }
            return (
              <li key={event.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                {event.event ? (
                  <p className="text-sm font-bold text-primary">
                    <time dateTime={event.event.start}>
                      {formatDate(new Date(event.event.start), locale, { withTime: true, withWeekday: true })}
                    </time>
                  </p>
                ) : null}
                <h3 className="mt-2 text-xl font-bold text-slate-900" {...other}>
                  <Link to={event.path} className="hover:text-primary hover:underline">
                    {event.title}
                  </Link>
                </h3>
                {event.event?.place ? (
                  <p className="mt-2 text-slate-700">
                    <span className="font-bold">{texts.where}: </span>
                    {event.event.place}
                  </p>
                ) : null}
                {event.shownIn === locale ? null : (
                  <p className="mt-3 w-fit rounded bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">
                    {format(texts.shownIn, { language: texts.languageNames[event.shownIn] })}
                  </p>
                )}
              </li>
            )
          })}
        </ul>
        <p className="mt-10 text-center">
          <Link to={lp('/academy/news')} className={smallSecondaryButtonClass}>
            {texts.allNews}
            <ArrowForwardIcon className="h-4 w-4" />
          </Link>
        </p>
      </div>
    </section>
  )
}
