import { AcademyHero } from '~/components/academy/hero'
import { OnlineCourses } from '~/components/academy/online-courses'
import { Strengths } from '~/components/academy/strengths'
import { pageMeta } from '~/lib/seo/meta'
import type { Route } from './+types/home'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').homePage.title,
    site: 'academy',
    description: siteTexts(m, 'academy').homePage.description,
  }))

export default function AcademyHome() {
  return (
    <>
      <AcademyHero />
      <Strengths />
      <OnlineCourses />
    </>
  )
}
