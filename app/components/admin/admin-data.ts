import { useRouteLoaderData } from 'react-router'
// eslint-disable-next-line no-restricted-imports -- the type of the layout route's data, read by its route id
import type { loader } from '~/routes/admin/admin-layout'

export const ADMIN_LAYOUT_ID = 'routes/admin/admin-layout'

/** What every signed-in admin page has: the staff member, their sections, language and the admin strings. */
export function useAdmin() {
  const data = useRouteLoaderData<typeof loader>(ADMIN_LAYOUT_ID)
  if (!data) throw new Error('useAdmin() needs the admin layout loader data')
  return data
}

export function useAdminMessages() {
  return useAdmin().messages
}
