import { CheckIcon, ShieldCheckIcon, SmileIcon, ToothIcon } from '~/components/ui/icons'
import { useSiteMessages } from '~/lib/site/root-data'

const POINTS = [
  { id: 'equipment', Icon: ToothIcon },
  { id: 'hygiene', Icon: ShieldCheckIcon },
  { id: 'family', Icon: SmileIcon },
] as const

/** The 'About Our Centre' block: text, three points and an optional action under them. */
export function AboutBlock({ headingId, action }: { headingId: string; action?: React.ReactNode }) {
  const about = useSiteMessages('clinic').about
  return (
    <div className="grid items-center gap-10 lg:grid-cols-2">
      <div>
        <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
          {about.heading}
        </h2>
        <span aria-hidden="true" className="mt-4 block h-1 w-12 rounded-full bg-primary" />
        <p className="mt-5 text-lg leading-relaxed text-slate-700">{about.text}</p>
        {action ? <div className="mt-8">{action}</div> : null}
      </div>
      <ul className="space-y-4">
        {POINTS.map(({ id, Icon }) => (
          <li key={id} className="flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="h-6 w-6" />
            </span>
            <span className="flex-1 font-medium text-slate-800">{about.points[id]}</span>
            <CheckIcon className="h-5 w-5 shrink-0 text-primary" />
          </li>
        ))}
      </ul>
    </div>
  )
}
