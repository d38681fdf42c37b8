import { NotFoundPage } from '~/components/not-found-page'
import { notFoundLoader } from './not-found.server'

/** An unknown address under a language ('/fa/no-such-page', '/clinic/nothing'): 404, a page of the site. */
export const loader = () => notFoundLoader()

// The page renders its own <title> and `noindex` (components/not-found-page.tsx), as does the same
// page when the root's error boundary shows it for an address whose first segment is no language.
export default function NotFound() {
  return <NotFoundPage />
}
