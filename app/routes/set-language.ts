import { redirect } from 'react-router'
import type { Route } from './+types/set-language'
import { LOCALE_COOKIE, isLocale, localizePath } from '~/lib/i18n/locale'
import { DISMISSED_NOTICE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_SECONDS } from '~/lib/i18n/language-notice'
import { readForm } from '~/lib/platform/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'

/**
 * The language switcher's form: remembers the choice and goes to the same page in that language.
 * The language notice of English pages posts here too (`intent=close-notice`), without JavaScript:
 * it is closed for good and the visitor is back on the same page.
 */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const read = await readForm(request)
  if (!read.ok)
    return new Response('The form could not be read.', { status: read.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
  const { form } = read
  const lang = form.get('lang')
  const target = String(form.get('redirectTo') ?? '/')
  const locale = isLocale(lang) ? lang : 'en'
  // Only local paths (never another site), in printable ASCII as addresses are sent: a line break
  // or a control character would not fit in the Location header.
  const path = /^\/(?![/\\])[\x21-\x7e]*$/.test(target) ? target : '/'
  if (form.get('intent') === 'close-notice') return redirect(path, { headers: { 'Set-Cookie': DISMISSED_NOTICE_COOKIE } })
  return redirect(localizePath(path, locale), {
    headers: {
      'Set-Cookie': `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`,
    },
  })
}

export function loader() {
  return redirect('/')
}
