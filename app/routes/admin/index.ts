import { redirect } from 'react-router'

/** The bare /admin goes to the dashboard (which sends visitors without a session to the login). */
export function loader() {
  return redirect('/admin/dashboard')
}
