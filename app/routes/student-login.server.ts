import { data } from 'react-router'
import { readForm } from '~/lib/platform/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import type { Route } from './+types/student-login'

/** The notice each of the page's buttons shows. */
export type Notice = 'notReady' | 'forgot' | 'register'

/**
 * Without JavaScript the three buttons post here and the page answers with the notice the button shows with JavaScript.
 * Student accounts do not exist yet: the username and password fields have no `name`, so the
 * browser never sends them, and this action reads only which button was pressed.
 */
export async function studentLoginAction({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const read = await readForm(request)
  const intent = read.ok ? read.form.get('intent') : null
  const notice: Notice = intent === 'forgot' ? 'forgot' : intent === 'register' ? 'register' : 'notReady'
  return data({ notice }, { status: read.ok ? 200 : read.status })
}
