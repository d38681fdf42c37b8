import { UserIcon } from '~/components/ui/icons'
import { useSiteMessages } from '~/lib/site/root-data'
import { FACULTY_IDS } from '~/lib/site/site-data'

/** The three faculty profiles. */
export function FacultyCards() {
  const members = useSiteMessages('academy').faculty.members
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {FACULTY_IDS.map((id) => (
        <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <span className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-primary/10 text-primary shadow ring-4 ring-white">
            <UserIcon className="h-11 w-11" />
          </span>
          <h2 className="mt-5 text-xl font-bold text-slate-900">{members[id].name}</h2>
          <p className="mt-1 font-medium text-primary">{members[id].role}</p>
          <p className="mt-3 leading-relaxed text-slate-600">{members[id].bio}</p>
        </li>
      ))}
    </ul>
  )
}
