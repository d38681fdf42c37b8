/**
 * Whether a form's request is kept on this device (kept-requests.ts), as a mark in localStorage
 * that holds no personal data: only '1'. The form pages read it when they load, and load the
 * IndexedDB code only when it is set, so that no page's first scripts grow
 * (docs/decisions/022-offline.md).
 */
const FLAG = 'kept-requests'

export function hasKeptRequests(): boolean {
  try {
    return localStorage.getItem(FLAG) === '1'
  } catch {
    return false
  }
}

export function markKeptRequests(kept: boolean): void {
  try {
    if (kept) localStorage.setItem(FLAG, '1')
    else localStorage.removeItem(FLAG)
  } catch {
    // Storage refused (private mode, full): the request is still kept; the form page finds it on
    // its next visit only if the mark was set.
  }
}
