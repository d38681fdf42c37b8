import { Fragment } from 'react'
import { AcademyHero } from '~/components/academy/hero'
import { NextEvents } from '~/components/academy/next-events'
import { OnlineCourses } from '~/components/academy/online-courses'
import { Strengths } from '~/components/academy/strengths'
import { pageMeta } from '~/lib/seo/meta'
import { useSiteMessages } from '~/lib/site/root-data'
import type { AcademySectionId } from '~/lib/site/site-data'
import type { Route } from './+types/home'
import { academyHomeLoader } from './home.server'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').homePage.title,
    site: 'academy',
    description: siteTexts(m, 'academy').homePage.description,
  }))

export const loader = (args: Route.LoaderArgs) => academyHomeLoader(args)

/** The academy homepage: its sections in the order staff set, the hidden ones left out. */
export default function AcademyHome({ loaderData }: Route.ComponentProps) {
  const { sections, events, texts } = loaderData
  const { hero } = useSiteMessages('academy')
  const visible = sections.filter((section) => section.visible)
  const render: Record<AcademySectionId, () => React.ReactNode> = {
    hero: () => <AcademyHero />,
    strengths: () => <Strengths />,
    courses: () => <OnlineCourses />,
    // Shown while there is an event to come.
    events: () => (events.length > 0 ? <NextEvents events={events} texts={texts} /> : null),
  }
  return (
    <>
      {/* The page keeps its one <h1> when staff hide the hero. */}
      {visible.some((section) => section.id === 'hero') ? null : <h1 className="sr-only">{hero.title}</h1>}
      {visible.map((section) => (
        <Fragment key={section.id}>{render[section.id]()}</Fragment>
      ))}
    </>
  )
}
