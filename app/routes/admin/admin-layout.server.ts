import type { AdminShellData } from '~/components/admin/admin-data'
import type { Route } from './+types/admin-layout'
import { sectionsFor } from '~/lib/access/sections'
import { staffOf } from '~/lib/staff/staff-context.server'
import { databaseKind } from '~/lib/platform/db.server'
import { LOCALE_INFO } from '~/lib/i18n/locale'

/** The signed-in admin shell: who is signed in, their sections (docs/product.md#roles), language and the admin strings. */
export async function adminLayoutLoader({ context }: Route.LoaderArgs): Promise<AdminShellData> {
  // The shell opens for an account that must still set up two-step sign-in, without its sections.
  const { account, locale, messages } = staffOf(context)
  return {
    staff: { id: account.id, displayName: account.displayName, username: account.username, role: account.role },
    sections: account.needsTwoStep ? [] : sectionsFor(account.role),
    locale,
    dir: LOCALE_INFO[locale].dir,
    messages: messages.admin,
    // The banner tells the truth: shown only while the site runs on the embedded database.
    demo: (await databaseKind()) === 'embedded',
  }
}
