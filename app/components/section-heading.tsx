/** The heading and short introduction at the top of a page section. */
export function SectionHeading({
  id,
  title,
  intro,
  align = 'center',
}: {
  id: string
  title: string
  intro?: string
  align?: 'center' | 'start'
}) {
  return (
    <div className={align === 'center' ? 'mx-auto max-w-2xl text-center' : 'max-w-2xl'}>
      <h2 id={id} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {title}
      </h2>
      <span aria-hidden="true" className={`mt-4 block h-1 w-12 rounded-full bg-primary ${align === 'center' ? 'mx-auto' : ''}`} />
      {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
    </div>
  )
}
