import { Link } from 'react-router'
import { localizePath, type Locale } from '~/lib/i18n/locale'
import type { Messages } from '~/locales'

export function NotFoundPage({ messages, locale }: { messages: Messages['common']; locale: Locale }) {
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <p className="text-6xl font-bold text-slate-400" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{messages.notFound.title}</h1>
      <p className="mt-3 text-slate-700">{messages.notFound.text}</p>
      <Link to={localizePath('/', locale)} className="mt-8 rounded-md bg-blue-700 px-5 py-2.5 font-bold text-white hover:bg-blue-800">
        {messages.notFound.home}
      </Link>
    </main>
  )
}
