import { redirect } from 'react-router'

/** SPEC §2: the bare /admin goes to the dashboard (which sends visitors without a session to the login). */
export function loader() {
  return redirect('/admin/dashboard')
}
