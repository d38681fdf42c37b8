import { data } from 'react-router'
import type { Route } from './+types/staff'
import { SECTION_ROLES } from '~/lib/access/sections'
import { requireRole, STAFF_ROLES } from '~/lib/staff/auth.server'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { createStaff, isStaffRole, listStaff, resetStaffPassword, setStaffDisabled } from '~/lib/staff/staff.server'
import { parseRowId } from '~/lib/forms/row-id'
import type { Messages } from '~/locales'

export async function staffLoader({ request }: Route.LoaderArgs) {
  await requireRole(request, SECTION_ROLES.staff)
  return { accounts: await listStaff(await database()), roles: STAFF_ROLES }
}

type Problem = keyof Messages['admin']['problems']
export type ActionResult =
  | { ok: true; intent: 'create' | 'disable' | 'enable' | 'reset'; id?: number }
  | { ok: false; intent: string; id?: number; problem: Problem; field?: string; values?: Record<string, string> }

export async function staffAction({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const member = await requireRole(request, SECTION_ROLES.staff)
  const read = await readForm(request, { keep: ['password'] })
  if (!read.ok) return data<ActionResult>({ ok: false, intent: '', problem: 'formUnreadable' }, { status: read.status })
  const { form } = read
  const db = await database()
  const intent = String(form.get('intent') ?? '')
  const id = parseRowId(form.get('id'))
  const fail = (result: Omit<Extract<ActionResult, { ok: false }>, 'ok'>) => data<ActionResult>({ ok: false, ...result }, { status: 400 })

  if (intent === 'create') {
    const values = {
      username: String(form.get('username') ?? '').slice(0, 200),
      displayName: String(form.get('displayName') ?? '').slice(0, 200),
      role: String(form.get('role') ?? ''),
    }
    if (!isStaffRole(values.role)) return fail({ intent, problem: 'roleInvalid', field: 'role', values })
    const created = await createStaff(db, { ...values, role: values.role, password: String(form.get('password') ?? '') })
    if (!created.ok) {
      const field = created.problem.startsWith('username')
        ? 'username'
        : created.problem === 'displayNameMissing'
          ? 'displayName'
          : 'password'
      return fail({ intent, problem: created.problem, field, values })
    }
    return { ok: true, intent } satisfies ActionResult
  }
  if (id === null) return fail({ intent, problem: 'notFound' })
  if (intent === 'disable' || intent === 'enable') {
    if (intent === 'disable' && id === member.id) return fail({ intent, id, problem: 'lastAdmin' })
    const result = await setStaffDisabled(db, id, intent === 'disable')
    if (!result.ok) return fail({ intent, id, problem: result.problem })
    return { ok: true, intent, id } satisfies ActionResult
  }
  if (intent === 'reset') {
    const result = await resetStaffPassword(db, id, String(form.get('password') ?? ''))
    if (!result.ok) return fail({ intent, id, problem: result.problem, field: 'password' })
    return { ok: true, intent, id } satisfies ActionResult
  }
  return fail({ intent, problem: 'notFound' })
}
