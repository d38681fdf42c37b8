/** The tinted band at the top of an inner page: its <h1> and an introduction. */
export function PageHeader({ title, intro }: { title: string; intro?: string }) {
  return (
    <section className="bg-gradient-to-b from-primary/10 to-white">
      <div className="mx-auto max-w-3xl px-4 py-14 text-center sm:py-20">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{title}</h1>
        {intro ? <p className="mt-5 text-lg text-slate-700">{intro}</p> : null}
      </div>
    </section>
  )
}
