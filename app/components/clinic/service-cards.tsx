import { AlignIcon, HeartPulseIcon, ImplantIcon, SmileIcon, SparklesIcon, ToothIcon } from '~/components/ui/icons'
import { HOMEPAGE_LIMITS } from '~/lib/site/site-data'
import { useRootData } from '~/lib/site/root-data'
import type { ServiceId } from '~/lib/site/site-data'

const SERVICE_ICONS: Partial<Record<string, (props: { className?: string }) => React.ReactNode>> = {
  general: ToothIcon,
  implants: ImplantIcon,
  orthodontics: AlignIcon,
  cosmetic: SparklesIcon,
  rootCanal: HeartPulseIcon,
  pediatric: SmileIcon,
} satisfies Record<ServiceId, unknown>

/** The id of a service card's title, for buttons that name themselves after it. */
export function serviceTitleId(id: string): string {
  return `service-${id}-title`
}

/**
 * The service cards shown, in order (on the homepage, `homepage`: the first HOMEPAGE_LIMITS.services);
 * `action` adds a button or link under each description. Their titles are h3 inside a section with
 * its own h2 (the homepage), h2 right under the page's h1 (Services).
 */
export function ServiceCards({
  action,
  headingLevel = 3,
  homepage = false,
}: {
  action?: (id: string) => React.ReactNode
  headingLevel?: 2 | 3
  homepage?: boolean
}) {
  const all = useRootData().collections.services
  const items = homepage ? all.slice(0, HOMEPAGE_LIMITS.services) : all
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {items.map(({ id, title, description }) => {
        const Icon = SERVICE_ICONS[id] ?? ToothIcon
        return (
          <li
            key={id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md"
          >
            <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-primary/10 text-primary">
              <Icon className="h-6 w-6" />
            </span>
            <Heading id={serviceTitleId(id)} className="mt-5 text-xl font-bold text-slate-900">
              {title}
            </Heading>
            <p className="mt-2 flex-1 leading-relaxed text-slate-600">{description}</p>
            {action ? <div className="mt-5">{action(id)}</div> : null}
          </li>
        )
      })}
    </ul>
  )
}
