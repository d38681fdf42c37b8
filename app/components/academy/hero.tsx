import { Link } from 'react-router'
import { primaryButtonClass, secondaryButtonClass } from '~/components/ui/button'
import { SiteImage } from '~/components/site-image'
import { BookIcon, GraduationIcon } from '~/components/ui/icons'
import { useLocalizedPath, useRootData, useSiteMessages } from '~/lib/site/root-data'
import { Static } from '~/components/ui/static'

/** The academy homepage's hero, with the page's <h1>. */
export function AcademyHero() {
  const { messages, siteImages, collections } = useRootData()
  const { hero } = useSiteMessages('academy')
  // The first three in-person courses shown (the Courses page lists them all).
  const featured = collections.courses.filter((course) => course.mode === 'inPerson').slice(0, 3)
  const lp = useLocalizedPath()
  return (
    <Static as="section" aria-labelledby="academy-hero" className="bg-gradient-to-b from-primary/10 to-white">
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-[3fr_2fr]">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-bold text-primary shadow-sm ring-1 ring-primary/20">
            <GraduationIcon className="h-4 w-4" />
            {messages.common.brand.academyName}
          </p>
          <h1 id="academy-hero" className="mt-5 text-4xl font-bold leading-tight tracking-tight text-slate-900 sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-slate-700">{hero.description}</p>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to={lp('/academy/courses')} className={primaryButtonClass}>
              {hero.courses}
            </Link>
            <Link to={lp('/academy/register')} className={secondaryButtonClass}>
              {hero.register}
            </Link>
          </div>
        </div>
        <div>
          {siteImages.academyHero ? (
            <SiteImage
              image={siteImages.academyHero}
              sizes="(min-width: 1152px) 440px, (min-width: 1024px) 38vw, calc(100vw - 2rem)"
              priority
              className="mb-6 h-auto w-full rounded-2xl object-cover shadow-lg"
            />
          ) : null}
          <ul className="grid gap-4">
            {featured.map(({ id, name, duration }, index) => (
              <li
                key={id}
                className={`flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 ${index === 1 ? 'lg:ms-8' : ''}`}
              >
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-primary text-white">
                  <BookIcon className="h-6 w-6" />
                </span>
                <span className="flex-1 font-bold text-slate-800">{name}</span>
                <span className="shrink-0 rounded-full bg-white px-3 py-1 text-sm font-bold text-primary ring-1 ring-primary/30">
                  {duration}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Static>
  )
}
