import { PersonCards } from '~/components/person-cards'
import { useSiteMessages } from '~/lib/site/root-data'
import { FACULTY_IDS } from '~/lib/site/site-data'

/** The three faculty profiles. */
export function FacultyCards() {
  const members = useSiteMessages('academy').faculty.members
  return <PersonCards people={FACULTY_IDS.map((id) => [id, members[id]])} level="h2" />
}
