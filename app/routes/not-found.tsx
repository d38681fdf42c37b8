import { data } from 'react-router'
import { NotFoundPage } from '~/components/not-found-page'

/** An unknown address under a language ('/fa/no-such-page', '/clinic/nothing'): 404, a page of the site. */
export function loader() {
  return data(null, { status: 404 })
}

// The page renders its own <title> and `noindex` (components/not-found-page.tsx), as does the same
// page when the root's error boundary shows it for an address whose first segment is no language.
export default function NotFound() {
  return <NotFoundPage />
}
