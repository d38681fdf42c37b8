import type { AdminShellData } from '~/components/admin/admin-data'
import type { Route } from './+types/admin-layout'
import { sectionsFor } from '~/lib/access/sections'
import { adminLocale } from '~/lib/staff/admin-locale.server'
import { requireStaff } from '~/lib/staff/auth.server'
import { databaseKind } from '~/lib/platform/db.server'
import { LOCALE_INFO } from '~/lib/i18n/locale'
import { messagesFor } from '~/locales'

/** The signed-in admin shell: who is signed in, their sections (docs/product.md#roles), language and the admin strings. */
export async function adminLayoutLoader({ request }: Route.LoaderArgs): Promise<AdminShellData> {
  // The shell opens for an account that must still set up two-step sign-in, without its sections.
  const member = await requireStaff(request, { duringSecondFactorSetup: true })
  const locale = adminLocale(request)
  return {
    staff: { id: member.id, displayName: member.displayName, username: member.username, role: member.role },
    sections: member.needsSecondFactor ? [] : sectionsFor(member.role),
    locale,
    dir: LOCALE_INFO[locale].dir,
    messages: messagesFor(locale).admin,
    // The banner tells the truth: shown only while the site runs on the embedded database.
    demo: (await databaseKind()) === 'embedded',
  }
}
