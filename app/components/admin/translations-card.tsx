import { Link } from 'react-router'
import { adminCard } from '~/components/admin/ui'
import { useAdmin } from '~/components/admin/admin-data'
import type { MissingLanguagesCount } from '~/lib/site/editor-schemas'
import { format } from '~/locales'

/**
 * The administrators' and editors' view of content in two of three languages on the dashboard: how
 * many published items show English to Dari or Pashto readers, each collection linked to its editor.
 */
export function TranslationsCard({ missing }: { missing: ReadonlyArray<MissingLanguagesCount & { name: string }> }) {
  const { messages } = useAdmin()
  const t = messages.dashboard
  const total = missing.reduce((sum, entry) => sum + entry.count, 0)
  return (
    <section className={adminCard} aria-labelledby="translations-title">
      <h2 id="translations-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        {t.translations}
      </h2>
      {total === 0 ? (
        <p className="mt-2 text-slate-900">{t.translationsNone}</p>
      ) : (
        <>
          <p className="mt-2 font-medium text-amber-900">{format(t.translationsMissing, { count: total })}</p>
          <ul className="mt-2 space-y-1 text-sm">
            {missing.map(({ collection, count, name }) => (
              <li key={collection}>
                <Link to={`/admin/collections?c=${collection}`} className="font-medium text-slate-800 underline hover:text-slate-950">
                  {format(t.translationsIn, { section: name, count })}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}
