import { UserIcon } from '~/components/ui/icons'
import { useSiteMessages } from '~/lib/site/root-data'
import { DOCTOR_IDS } from '~/lib/site/site-data'

/** The three doctor cards (no photos: a neutral avatar, the role and a short biography). */
export function DoctorCards() {
  const doctors = useSiteMessages('clinic').team.doctors
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {DOCTOR_IDS.map((id) => (
        <li key={id} className="rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm">
          <span className="mx-auto flex h-24 w-24 items-center justify-center rounded-full bg-primary/10 text-primary ring-4 ring-white shadow">
            <UserIcon className="h-11 w-11" />
          </span>
          <h3 className="mt-5 text-xl font-bold text-slate-900">{doctors[id].name}</h3>
          <p className="mt-1 font-medium text-primary">{doctors[id].role}</p>
          <p className="mt-3 leading-relaxed text-slate-600">{doctors[id].bio}</p>
        </li>
      ))}
    </ul>
  )
}
