import type { StaffRole } from '~db/schema'

/**
 * The admin sections, in sidebar order, and the roles that may use each besides administrators
 * (who may use everything). Loaders and actions check the same list on the server with
 * `requireRole(context, SECTION_ROLES.<id>)`.
 */
export const ADMIN_SECTIONS = [
  { id: 'dashboard', path: '/admin/dashboard', roles: ['reception', 'academy', 'editor'] },
  { id: 'content', path: '/admin/content', roles: ['editor'] },
  { id: 'collections', path: '/admin/collections', roles: ['editor'] },
  // Every role reads the posts; who writes which stream is decided per stream (lib/posts/posts.ts).
  { id: 'posts', path: '/admin/posts', roles: ['reception', 'academy', 'editor'] },
  { id: 'media', path: '/admin/media', roles: ['editor'] },
  { id: 'gallery', path: '/admin/gallery', roles: ['editor'] },
  { id: 'layout', path: '/admin/layout', roles: ['editor'] },
  { id: 'theme', path: '/admin/theme', roles: ['editor'] },
  { id: 'patients', path: '/admin/patients', roles: ['reception'] },
  { id: 'agenda', path: '/admin/agenda', roles: ['reception'] },
  { id: 'students', path: '/admin/students', roles: ['academy'] },
  // Integrations decide where patients' messages go: administrators only. Contact details belong to
  // the site editors (docs/product.md#roles); the screens guard them with these roles.
  { id: 'integrations', path: '/admin/integrations', roles: [] },
  { id: 'settings', path: '/admin/settings', roles: ['editor'] },
  { id: 'staff', path: '/admin/staff', roles: [] },
  { id: 'audit', path: '/admin/audit', roles: [] },
] as const satisfies ReadonlyArray<{ id: string; path: string; roles: readonly StaffRole[] }>

export type AdminSectionId = (typeof ADMIN_SECTIONS)[number]['id']

export const SECTION_ROLES = Object.fromEntries(ADMIN_SECTIONS.map((s) => [s.id, s.roles])) as unknown as {
  [K in AdminSectionId]: readonly StaffRole[]
}

/** The sections a role may see in the sidebar. */
export function sectionsFor(role: StaffRole): AdminSectionId[] {
  return ADMIN_SECTIONS.filter((s) => role === 'admin' || (s.roles as readonly StaffRole[]).includes(role)).map((s) => s.id)
}

/** The list screen of each kind of request. */
export const LIST_PATH = { appointments: '/admin/patients', registrations: '/admin/students' } as const

/** The kinds of request a staff e-mail can be about. */
const ALERT_KINDS = ['appointments', 'registrations'] as const
export type AlertKind = (typeof ALERT_KINDS)[number]

/** The kinds of new-request e-mail a role may receive: those of the lists it may open (the e-mail names the patient or student). */
export function alertKindsFor(role: StaffRole): AlertKind[] {
  const opens = (roles: readonly StaffRole[]) => role === 'admin' || roles.includes(role)
  return ALERT_KINDS.filter((kind) => opens(kind === 'appointments' ? SECTION_ROLES.patients : SECTION_ROLES.students))
}
