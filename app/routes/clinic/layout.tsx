import { ClinicFrame } from '~/components/site-frames'

export default function ClinicLayout() {
  return <ClinicFrame />
}
