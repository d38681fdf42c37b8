import { Link } from 'react-router'
import { LanguageSwitcher } from '~/components/language-switcher'
import { LanguageNotice } from '~/components/language-notice'
import { SkipLink } from '~/components/skip-link'
import { ArrowBackIcon, GraduationIcon, LockIcon } from '~/components/ui/icons'
import { useToast } from '~/components/ui/toast'
import { pageMeta } from '~/lib/seo/meta'
import { useLocalizedPath, useMessages } from '~/lib/site/root-data'
import type { Route } from './+types/student-login'
import { studentLoginAction, type Notice } from './student-login.server'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: m.common.studentLogin.title,
    site: 'academy',
    description: m.common.studentLogin.description,
  }))

/**
 * Without JavaScript the three buttons post here and the page answers with the notice the button shows with JavaScript.
 * Student accounts do not exist yet: the username and password fields have no `name`, so the
 * browser never sends them, and this action reads only which button was pressed.
 */
export const action = (args: Route.ActionArgs) => studentLoginAction(args)

const inputClass =
  'mt-1.5 block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30'

export default function StudentLogin({ actionData }: Route.ComponentProps) {
  const messages = useMessages()
  const text = messages.common.studentLogin
  const lp = useLocalizedPath()
  const toast = useToast()
  const notices: Record<Notice, { title: string; description: string }> = {
    notReady: { title: text.notReadyTitle, description: text.notReadyText },
    forgot: { title: text.forgotTitle, description: text.forgotText },
    register: { title: text.registerTitle, description: text.registerText },
  }
  // With JavaScript the notices are toasts and nothing is posted.
  const showNotice = (notice: Notice) => (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    toast(notices[notice])
  }
  const answered = actionData ? notices[actionData.notice] : null

  return (
    <div className="theme-academy flex min-h-screen flex-col bg-gradient-to-b from-primary/10 to-slate-50">
      <SkipLink />
      <LanguageNotice />
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-4 px-4 py-4">
        <Link to={lp('/academy')} className="flex items-center gap-2 font-bold text-slate-900">
          <span className="flex h-9 w-9 items-center justify-center rounded-full bg-primary text-white">
            <GraduationIcon className="h-5 w-5" />
          </span>
          <span>{messages.common.brand.academyName}</span>
        </Link>
        <LanguageSwitcher />
      </header>
      <main id="main" className="flex flex-1 flex-col items-center px-4 py-10 sm:py-16">
        <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
          <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            <LockIcon className="h-7 w-7" />
          </span>
          <h1 className="mt-4 text-center text-2xl font-bold text-slate-900 sm:text-3xl">{text.title}</h1>
          <p className="mt-2 text-center text-slate-600">{text.intro}</p>

          {answered ? (
            <div role="status" className="mt-6 rounded-lg border border-primary/30 bg-primary/10 p-4">
              <p className="font-bold text-slate-900">{answered.title}</p>
              <p className="mt-1 text-sm text-slate-700">{answered.description}</p>
            </div>
          ) : null}

          <form method="post" className="mt-6 space-y-5" onSubmit={showNotice('notReady')}>
            <input type="hidden" name="intent" value="login" />
            <div>
              <label htmlFor="student-username" className="block font-medium text-slate-800">
                {text.username}
              </label>
              <input id="student-username" type="text" autoComplete="username" required className={inputClass} />
            </div>
            <div>
              <div className="flex items-baseline justify-between gap-3">
                <label htmlFor="student-password" className="block font-medium text-slate-800">
                  {text.password}
                </label>
                <button type="submit" form="student-forgot" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
                  {text.forgotPassword}
                </button>
              </div>
              <input id="student-password" type="password" autoComplete="current-password" required className={inputClass} />
            </div>
            <button
              type="submit"
              className="flex w-full items-center justify-center rounded-lg bg-primary px-5 py-3 font-bold text-white shadow-sm hover:bg-primary/90"
            >
              {text.submit}
            </button>
          </form>
          <form id="student-forgot" method="post" onSubmit={showNotice('forgot')}>
            <input type="hidden" name="intent" value="forgot" />
          </form>

          <form
            method="post"
            onSubmit={showNotice('register')}
            className="mt-6 flex flex-wrap items-center justify-center gap-2 border-t border-slate-100 pt-6 text-slate-600"
          >
            <input type="hidden" name="intent" value="register" />
            <span>{text.noAccount}</span>
            <button type="submit" className="font-bold text-primary underline-offset-4 hover:underline">
              {text.register}
            </button>
          </form>
        </div>
        <Link
          to={lp('/academy')}
          className="mt-8 inline-flex items-center gap-2 font-medium text-slate-700 underline-offset-4 hover:text-primary hover:underline"
        >
          <ArrowBackIcon className="h-4 w-4" />
          {text.backToAcademy}
        </Link>
      </main>
    </div>
  )
}
