import { useRouteLoaderData } from 'react-router'
import type { StaffRole } from '~db/schema'
import type { AdminSectionId } from '~/lib/access/sections'
import type { Locale } from '~/lib/i18n/locale'
import type { Messages } from '~/locales'

/** What the admin layout's loader gives every signed-in admin page (routes/admin/admin-layout.server.ts). */
export interface AdminShellData {
  staff: { id: number; displayName: string; username: string; role: StaffRole }
  sections: AdminSectionId[]
  locale: Locale
  dir: 'ltr' | 'rtl'
  messages: Messages['admin']
  /** Shown only while the site runs on the embedded database. */
  demo: boolean
}

const ADMIN_LAYOUT_ID = 'routes/admin/admin-layout'

/** What every signed-in admin page has: the staff member, their sections, language and the admin strings. */
export function useAdmin() {
  const data = useRouteLoaderData<AdminShellData>(ADMIN_LAYOUT_ID)
  if (!data) throw new Error('useAdmin() needs the admin layout loader data')
  return data
}

export function useAdminMessages() {
  return useAdmin().messages
}
