import { PersonCards } from '~/components/person-cards'
import { useRootData } from '~/lib/site/root-data'

/** Every faculty member shown, in order. */
export function FacultyCards() {
  return <PersonCards people={useRootData().collections.faculty} level="h2" />
}
