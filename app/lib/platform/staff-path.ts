/** Whether an address is the staff panel's (`/admin` and below), not the public site's. */
export function isStaffPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/')
}
