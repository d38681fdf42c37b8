import { PersonCards } from '~/components/person-cards'
import { HOMEPAGE_LIMITS } from '~/lib/site/site-data'
import { useRootData } from '~/lib/site/root-data'

/** The doctors shown, in order (on the homepage, `homepage`: the first HOMEPAGE_LIMITS.doctors). */
export function DoctorCards({ homepage = false }: { homepage?: boolean }) {
  const doctors = useRootData().collections.doctors
  return <PersonCards people={homepage ? doctors.slice(0, HOMEPAGE_LIMITS.doctors) : doctors} level="h3" />
}
