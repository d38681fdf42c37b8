import { QuoteIcon, StarIcon } from '~/components/ui/icons'
import { format } from '~/locales'
import { HOMEPAGE_LIMITS } from '~/lib/site/site-data'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'

const MAX_RATING = 5

/** Stars drawn for the eye; screen readers hear 'Rated 5 out of 5'. */
function StarRating({ rating, label }: { rating: number; label: string }) {
  return (
    <p role="img" aria-label={label} className="flex gap-0.5">
      {Array.from({ length: MAX_RATING }, (_, index) => (
        <StarIcon key={index} className={`h-5 w-5 ${index < rating ? 'text-amber-600' : 'text-slate-300'}`} />
      ))}
    </p>
  )
}

/** The patient testimonials shown with their ratings: on the homepage (the only place), the first HOMEPAGE_LIMITS.testimonials. */
export function Testimonials() {
  const testimonials = useSiteMessages('clinic').testimonials
  const items = useRootData().collections.testimonials.slice(0, HOMEPAGE_LIMITS.testimonials)
  return (
    <ul className="grid gap-6 lg:grid-cols-3">
      {items.map(({ id, quote, author, rating }) => (
        <li key={id}>
          <figure className="flex h-full flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
            <div className="flex items-start justify-between gap-4">
              <StarRating rating={rating} label={format(testimonials.rating, { rating })} />
              <QuoteIcon className="h-8 w-8 text-primary/30" />
            </div>
            <blockquote className="mt-4 flex-1 text-lg leading-relaxed text-slate-700">
              <p>{quote}</p>
            </blockquote>
            <figcaption className="mt-5 border-t border-slate-100 pt-4 font-bold text-slate-900">{author}</figcaption>
          </figure>
        </li>
      ))}
    </ul>
  )
}
