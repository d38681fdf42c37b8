import { PersonCards } from '~/components/person-cards'
import { HOMEPAGE_LIMITS } from '~/lib/site/site-data'
import { useRootData } from '~/lib/site/root-data'

/**
 * The doctors shown, in order (on the homepage, `homepage`: the first HOMEPAGE_LIMITS.doctors, under
 * the section's h2; on the Team page each name is a heading below the page's h1).
 */
export function DoctorCards({ homepage = false }: { homepage?: boolean }) {
  const doctors = useRootData().collections.doctors
  return homepage ? (
    <PersonCards people={doctors.slice(0, HOMEPAGE_LIMITS.doctors)} level="h3" />
  ) : (
    <PersonCards people={doctors} level="h2" />
  )
}
