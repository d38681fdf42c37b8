import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router'
import type { Messages } from '~/locales'
import { useAdminMessages } from './admin-data'

/** The heading and the explanation (may be empty) of an admin error page for an HTTP status. */
export function errorTitleAndText(status: number, messages: Messages['admin']['errors']): [title: string, text: string] {
  if (status === 401) return [messages.signedOut, '']
  if (status === 403) return [messages.forbiddenTitle, messages.forbidden]
  if (status === 404) return [messages.notFound, '']
  if (status === 503) return [messages.unavailableTitle, messages.unavailable]
  return [messages.title, messages.text]
}

/**
 * Errors of one admin screen, shown inside the admin shell. A 401 (session ended) goes to the login
 * page; a 403 (a section the role may not use) says so and leads back to the member's dashboard.
 */
export function AdminRouteError() {
  const error = useRouteError()
  const { errors: messages, sectionAccess: access } = useAdminMessages()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  useEffect(() => {
    if (status === 401) navigate(`/admin/login?redirectTo=${encodeURIComponent(pathname)}`, { replace: true })
  }, [status, navigate, pathname])
  if (!isRouteErrorResponse(error)) console.error(error)
  const [title, text] = status === 403 ? [access.title, access.text] : errorTitleAndText(status, messages)
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      {text ? <p className="mt-3 text-slate-700">{text}</p> : null}
      {status === 401 ? (
        <p className="mt-4">
          <Link to="/admin/login" className="underline">
            {messages.signIn}
          </Link>
        </p>
      ) : null}
      {status === 403 ? (
        <p className="mt-4">
          <Link to="/admin/dashboard" className="font-semibold underline">
            {access.dashboard}
          </Link>
        </p>
      ) : null}
    </section>
  )
}
