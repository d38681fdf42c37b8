import { useSyncExternalStore } from 'react'
import { Link, useLocation } from 'react-router'
import { DISMISSED_NOTICE_COOKIE } from '~/lib/i18n/language-notice'
import { LOCALE_INFO, localizePath, pageQuery } from '~/lib/i18n/locale'
import { useRootData } from '~/lib/site/root-data'
import { CloseIcon, GlobeIcon } from './ui/icons'

// Closed in this tab: the pages that follow may still hold data from before the cookie was set.
let closed = false
const listeners = new Set<() => void>()

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

function closeForGood() {
  document.cookie = DISMISSED_NOTICE_COOKIE
  closed = true
  for (const listener of listeners) listener()
}

/**
 * On an English page, the same page offered in the language the visitor prefers, written in that
 * language. The server decides which (lib/i18n/language-suggestion.server.ts), so it is there before
 * and without JavaScript, from the first paint. Closing it is a form: without JavaScript the server
 * remembers it in a cookie and shows the same page again; with JavaScript the cookie is set here and
 * the notice goes at once.
 */
export function LanguageNotice() {
  const { languageNotice } = useRootData()
  const location = useLocation()
  const isClosed = useSyncExternalStore(
    subscribe,
    () => closed,
    () => false,
  )
  if (!languageNotice || isClosed) return null
  const { locale, messages } = languageNotice
  const { tag, dir } = LOCALE_INFO[locale]
  return (
    <section aria-label={messages.label} lang={tag} dir={dir} className="border-b border-blue-200 bg-blue-50 font-rtl text-slate-900">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2 text-sm leading-6">
        <GlobeIcon className="h-4 w-4 shrink-0 text-blue-800" />
        <p className="min-w-0 flex-1">
          {messages.text}{' '}
          <Link
            to={`${localizePath(location.pathname, locale)}${pageQuery(location.search)}`}
            hrefLang={tag}
            className="font-bold whitespace-nowrap text-blue-800 underline underline-offset-4 hover:text-blue-950"
          >
            {messages.link}
          </Link>
        </p>
        <form
          method="post"
          action="/set-language"
          onSubmit={(event) => {
            event.preventDefault()
            closeForGood()
          }}
        >
          <input type="hidden" name="intent" value="close-notice" />
          <input type="hidden" name="redirectTo" value={`${location.pathname}${pageQuery(location.search)}`} />
          <button
            type="submit"
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 font-medium text-slate-800 hover:bg-blue-100 hover:text-slate-950"
          >
            <CloseIcon className="h-4 w-4" />
            {messages.close}
          </button>
        </form>
      </div>
    </section>
  )
}
