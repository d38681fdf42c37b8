import { AcademyFrame } from '~/components/site-frames'

export default function AcademyLayout() {
  return <AcademyFrame />
}
