import { Form, useLocation } from 'react-router'
import { LOCALE_INFO, LOCALES, type Locale } from '~/lib/i18n/locale'

/**
 * The admin panel's language: one button per language, posting to /admin/language, which keeps the
 * choice (on the account too when signed in) and comes back to this page. A whole page load, so the
 * direction, the font and every string change together; it works without JavaScript.
 */
export function AdminLanguageSwitch({ label, current, tone = 'light' }: { label: string; current: Locale; tone?: 'light' | 'dark' }) {
  const { pathname, search } = useLocation()
  // Back to this page, without the one-time sign-in notice.
  const params = new URLSearchParams(search)
  params.delete('welcome')
  const query = params.toString()
  const back = `${pathname}${query ? `?${query}` : ''}`
  const button =
    tone === 'dark'
      ? 'rounded-md px-2 py-1 text-sm font-medium text-slate-200 hover:bg-slate-800 hover:text-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-white aria-pressed:bg-slate-700 aria-pressed:text-white'
      : 'rounded-md border border-slate-300 px-2 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-pressed:border-slate-900 aria-pressed:bg-slate-900 aria-pressed:text-white'
  return (
    <Form method="post" action="/admin/language" reloadDocument aria-label={label} className="flex flex-wrap items-center gap-1">
      <input type="hidden" name="redirectTo" value={back} />
      <span className={`me-1 text-xs ${tone === 'dark' ? 'text-slate-300' : 'text-slate-700'}`}>{label}</span>
      {LOCALES.map((locale) => (
        <button
          key={locale}
          type="submit"
          name="lang"
          value={locale}
          lang={LOCALE_INFO[locale].tag}
          dir={LOCALE_INFO[locale].dir}
          aria-pressed={locale === current}
          className={button}
        >
          {LOCALE_INFO[locale].nativeName}
        </button>
      ))}
    </Form>
  )
}
