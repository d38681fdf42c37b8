import { useEffect } from 'react'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router'
import { useAdminMessages } from './admin-data'

/** Errors of one admin screen, shown inside the admin shell. A 401 (session ended) goes to the login page. */
export function AdminRouteError() {
  const error = useRouteError()
  const messages = useAdminMessages().errors
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const status = isRouteErrorResponse(error) ? error.status : 500
  useEffect(() => {
    if (status === 401) navigate(`/admin/login?redirectTo=${encodeURIComponent(pathname)}`, { replace: true })
  }, [status, navigate, pathname])
  if (!isRouteErrorResponse(error)) console.error(error)
  const [title, text] =
    status === 401
      ? [messages.signedOut, '']
      : status === 403
        ? [messages.forbiddenTitle, messages.forbidden]
        : status === 404
          ? [messages.notFound, '']
          : status === 503
            ? [messages.unavailableTitle, messages.unavailable]
            : [messages.title, messages.text]
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
    </section>
  )
}
