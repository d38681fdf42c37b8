import { PersonCards } from '~/components/person-cards'
import { useSiteMessages } from '~/lib/site/root-data'
import { DOCTOR_IDS } from '~/lib/site/site-data'

/** The three doctor cards (no photos: a neutral avatar, the role and a short biography). */
export function DoctorCards() {
  const doctors = useSiteMessages('clinic').team.doctors
  return <PersonCards people={DOCTOR_IDS.map((id) => [id, doctors[id]])} level="h3" />
}
