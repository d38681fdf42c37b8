import { useSearchParams } from 'react-router'
import { REGISTRATION_FIELDS, isCourseId } from '~/lib/forms/shared'
import { useRootData, useSiteMessages } from '~/lib/site/root-data'
import { COURSES, DEFAULT_COURSE } from '~/lib/site/site-data'
import { format } from '~/locales'
import { TextField } from './public-form/fields'
import { PublicForm, type FieldBinding } from './public-form/public-form'
import { Field } from './ui/field'

const loadSchema = () => import('~/lib/forms/registration').then((module) => module.CourseRegistrationSchema)
const REGISTRATION_FORM = { kind: 'registration', page: '/academy/register', fields: REGISTRATION_FIELDS, loadSchema } as const

/**
 * The course registration form (docs/product.md#forms). `?course=<id>` in the page's address preselects a course
 * (the academy's Enroll Now and Register links); otherwise Diploma in Dentistry.
 */
export function RegistrationForm() {
  const { settings } = useRootData()

  return (
    <PublicForm
      form={REGISTRATION_FORM}
      openWhatsapp={settings.notifyOnRegistration}
      successText={(texts, { name, course }) => format(texts.successText, { name, course: course ?? '' })}
    >
      {({ field, defaults, texts }) => (
        <>
          <TextField {...field('name')} autoComplete="name" texts={texts} defaultValue={defaults.name} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...field('email')} type="email" texts={texts} defaultValue={defaults.email} />
            <TextField {...field('phone')} type="tel" texts={texts} defaultValue={defaults.phone} />
          </div>
          <TextField {...field('address')} autoComplete="address-line1" texts={texts} defaultValue={defaults.address} />
          <TextField {...field('education')} texts={texts} defaultValue={defaults.education} />
          <CourseField {...field('course')} label={texts.course} defaultValue={defaults.course} />
        </>
      )}
    </PublicForm>
  )
}

/** The course list: the course sent before, else the one the address names, else Diploma in Dentistry. */
function CourseField({ label, defaultValue, ...binding }: FieldBinding<'course'> & { label: string; defaultValue: string | undefined }) {
  const courseNames = useSiteMessages('academy').courses.names
  const requested = useSearchParams()[0].get('course')
  const course = isCourseId(defaultValue) ? defaultValue : isCourseId(requested) ? requested : DEFAULT_COURSE
  return (
    <Field {...binding} label={label}>
      {(control) => (
        // The key makes a course picked from the address (client-side navigation) show.
        <select {...control} key={course} defaultValue={course}>
          {COURSES.map(({ id }) => (
            <option key={id} value={id}>
              {courseNames[id]}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
