import { redirect } from 'react-router'
import type { Route } from './+types/set-language'
import { LOCALE_COOKIE, isLocale, localizePath } from '~/lib/i18n'
import { assertSameOrigin } from '~/lib/origin.server'

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365

/** The language switcher's form: remembers the choice and goes to the same page in that language. */
export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const form = await request.formData()
  const lang = form.get('lang')
  const target = String(form.get('redirectTo') ?? '/')
  const locale = isLocale(lang) ? lang : 'en'
  // Only local paths: never redirect to another site.
  const path = target.startsWith('/') && !target.startsWith('//') && !target.startsWith('/\\') ? target : '/'
  return redirect(localizePath(path, locale), {
    headers: {
      'Set-Cookie': `${LOCALE_COOKIE}=${locale}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax`,
    },
  })
}

export function loader() {
  return redirect('/')
}
