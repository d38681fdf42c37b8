import { UserIcon } from '~/components/ui/icons'
import { mediaSrc, mediaSrcSet, scaledHeight } from '~/lib/media/media'
import type { PersonCard } from '~/lib/site/collections'

/** Cards of people: the photo (or a neutral avatar), the name (a heading of `level`), the role and a short biography. */
export function PersonCards({ people, level }: { people: readonly PersonCard[]; level: 'h2' | 'h3' }) {
  const Heading = level
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {people.map((person) => (
        <li key={person.id} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          {person.photo ? (
            <img
              src={mediaSrc(person.photo, 480)}
              srcSet={mediaSrcSet(person.photo)}
              sizes="96px"
              width={96}
              height={scaledHeight(person.photo, 96)}
              alt={person.photo.alt}
              loading="lazy"
              decoding="async"
              className="mx-auto h-24 w-24 rounded-full object-cover shadow ring-4 ring-white"
            />
          ) : (
            <span className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-primary/10 text-primary shadow ring-4 ring-white">
              <UserIcon className="h-11 w-11" />
            </span>
          )}
          <Heading className="mt-5 text-xl font-bold text-slate-900">{person.name}</Heading>
          <p className="mt-1 font-medium text-primary">{person.role}</p>
          <p className="mt-3 leading-relaxed text-slate-600">{person.bio}</p>
        </li>
      ))}
    </ul>
  )
}
