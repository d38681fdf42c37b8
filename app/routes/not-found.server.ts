import { data } from 'react-router'

/** An unknown address under a language ('/fa/no-such-page', '/clinic/nothing'): 404, a page of the site. */
export function notFoundLoader() {
  return data(null, { status: 404 })
}
