/**
 * Which schema.org description a page carries. The root loader builds it on the server (the
 * builders never reach the browser) and runs again when a navigation changes this kind.
 */
export function structuredDataKind(path: string): 'clinic' | 'academy-home' | 'academy-courses' | 'academy' | null {
  if (path === '/clinic' || path.startsWith('/clinic/')) return 'clinic'
  if (path === '/academy') return 'academy-home'
  if (path === '/academy/courses') return 'academy-courses'
  if (path.startsWith('/academy/')) return 'academy'
  return null
}
