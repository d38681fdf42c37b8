import { Form, useLocation } from 'react-router'
import { LOCALES, LOCALE_INFO, pageQuery, splitLocalePath } from '~/lib/i18n/locale'
import { useLocale, useMessages } from '~/lib/site/root-data'
import { Dropdown, dropdownItemClass } from './ui/dropdown'
import { GlobeIcon } from './ui/icons'

/**
 * Moves to the same page in another language and remembers the choice (a cookie set by the server).
 * `path` (unprefixed) sends it elsewhere: a not-found page switches to the home of its site.
 */
export function LanguageSwitcher({ path: destination }: { path?: string } = {}) {
  const locale = useLocale()
  const messages = useMessages()
  const location = useLocation()
  const { path } = splitLocalePath(location.pathname)
  return (
    <Dropdown
      label={
        <>
          <GlobeIcon className="h-4 w-4" />
          <span className="sr-only">{messages.common.language.label}: </span>
          {/* On the narrowest phones the globe alone stands for the switcher; the name stays for screen readers. */}
          <span lang={LOCALE_INFO[locale].tag} className="sr-only sm:not-sr-only">
            {LOCALE_INFO[locale].nativeName}
          </span>
        </>
      }
    >
      <Form method="post" action="/set-language" aria-label={messages.common.language.switchTo}>
        <input type="hidden" name="redirectTo" value={destination ?? `${path}${pageQuery(location.search)}`} />
        {/* Every item starts where the page's text starts; each name is isolated in its own
            direction inside it, so 'English' in a right-to-left menu lines up with the others. */}
        {LOCALES.map((option) => (
          <button
            key={option}
            type="submit"
            name="lang"
            value={option}
            lang={LOCALE_INFO[option].tag}
            aria-current={option === locale ? 'true' : undefined}
            className={`${dropdownItemClass} ${option === locale ? 'font-bold' : ''}`}
          >
            <span dir={LOCALE_INFO[option].dir}>{LOCALE_INFO[option].nativeName}</span>
          </button>
        ))}
      </Form>
    </Dropdown>
  )
}
