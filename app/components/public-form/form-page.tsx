import type { ReactNode } from 'react'

/** The page of a public form: its title, its introduction and the form on a card. */
export function PublicFormPage({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{title}</h1>
      <p className="mt-3 text-lg text-slate-700">{intro}</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </section>
  )
}
