import { SectionHeading } from '~/components/section-heading'
import { LaptopIcon, StethoscopeIcon, UsersIcon } from '~/components/ui/icons'
import { useSiteMessages } from '~/lib/site/root-data'
import { STRENGTH_IDS } from '~/lib/site/site-data'
import { Static } from '~/components/ui/static'

const ICONS = { clinical: StethoscopeIcon, faculty: UsersIcon, flexible: LaptopIcon } as const

/** 'Why Study With Us': the academy's three core strengths. */
export function Strengths() {
  const strengths = useSiteMessages('academy').strengths
  return (
    <Static as="section" aria-labelledby="strengths-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="strengths-heading" title={strengths.heading} />
        <ul className="mt-12 grid gap-6 md:grid-cols-3">
          {STRENGTH_IDS.map((id) => {
            const Icon = ICONS[id]
            return (
              <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
                <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-2xl bg-primary/10 text-primary">
                  <Icon className="h-7 w-7" />
                </span>
                <h3 className="mt-5 text-xl font-bold text-slate-900">{strengths.items[id].title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{strengths.items[id].text}</p>
              </li>
            )
          })}
        </ul>
      </div>
    </Static>
  )
}
