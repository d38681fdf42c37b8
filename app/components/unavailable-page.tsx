import type { Messages } from '~/locales'

/** Shown while the site cannot reach its database and has nothing published to show yet. */
export function UnavailablePage({ messages }: { messages: Messages['common'] }) {
  return (
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center px-4 text-center">
      <h1 className="text-3xl font-bold text-slate-900">{messages.unavailable.title}</h1>
      <p className="mt-3 text-slate-700">{messages.unavailable.text}</p>
    </main>
  )
}
