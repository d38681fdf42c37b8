/**
 * The signed-in staff member of one request, as React Router's typed context. The admin's
 * middleware (`staffMiddleware`, on the admin layout and the staff's resource routes) checks the
 * origin of a write, reads the session once and sets it; every admin loader and action reads it
 * (`requireRole(context, roles)`, one line), and nothing writes it again.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from 'react-router'
import { messagesFor, type Messages } from '~/locales'
import type { Locale } from '../i18n/locale'
import { assertSameOrigin } from '../platform/origin.server'
import { adminLocale } from './admin-locale.server'
import { requireStaff, roleAllows, TWO_STEP_SETUP_PATH, type StaffMember, type StaffRole } from './auth.server'

/** Who is signed in, and the panel's language and strings for them. */
export interface StaffContext {
  readonly account: Readonly<StaffMember>
  readonly role: StaffRole
  readonly locale: Locale
  readonly messages: Messages
}

const staffContext = createContext<StaffContext>()
/**
 * The 503 the session could not be read with (the database away), thrown again by the first
 * loader or action that reads the member: from there it reaches the admin's own error page with its
 * Retry-After, which React Router gives a loader's error but not a middleware's.
 */
const sessionUnavailable = createContext<unknown>(null)

const NO_STORE = { 'Cache-Control': 'no-store' }

interface MiddlewareOptions {
  /**
   * For downloads and streams (the CSV exports, the desk's live events): always 401 or 403, never
   * a redirect, and no opening for an account that must still set up its two-step sign-in.
   */
  dataOnly?: boolean
}

/**
 * Refuses a write sent from another site (403), then the request without a valid session (a page
 * load goes to the login page, anything else gets 401), then sets the staff context. On the admin
 * layout an account that must still set up its two-step sign-in passes: the shell and the set-up page
 * open for it, and `requireRole` sends every other screen to the set-up.
 */
export function staffMiddleware(options: MiddlewareOptions = {}): MiddlewareFunction<Response> {
  return async ({ request, context }) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
    const dataOnly = options.dataOnly === true
    let account: StaffMember
    try {
      account = await requireStaff(request, { dataOnly, duringTwoStepSetup: !dataOnly })
    } catch (error) {
      if ((error as { init?: ResponseInit } | null)?.init?.status !== 503) throw error
      context.set(sessionUnavailable, error)
      return
    }
    const locale = adminLocale(request)
    context.set(staffContext, Object.freeze({ account: Object.freeze(account), role: account.role, locale, messages: messagesFor(locale) }))
  }
}

/** The signed-in member, also while they must still set up their two-step sign-in (the shell and the set-up page only). */
export function staffOf(context: Readonly<RouterContextProvider>): StaffContext {
  const unavailable = context.get(sessionUnavailable)
  if (unavailable) throw unavailable
  return context.get(staffContext)
}

/**
 * The signed-in member, if their role is one of `roles` (administrators always pass). A member of
 * another role gets 403; an account that must still set up its two-step sign-in is sent there.
 */
export function requireRole(context: Readonly<RouterContextProvider>, roles: StaffRole | readonly StaffRole[]): StaffContext {
  const staff = staffOf(context)
  if (staff.account.needsTwoStep) throw redirect(TWO_STEP_SETUP_PATH, { headers: NO_STORE })
  if (!roleAllows(staff.role, roles)) throw data({ error: 'Your account may not use this section.' }, { status: 403, headers: NO_STORE })
  return staff
}
