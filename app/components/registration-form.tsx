import { REGISTRATION_FIELDS, type RegistrationField } from '~/lib/forms/shared'
import { chosenCourse } from '~/lib/forms/course-entry'
import { DEFAULT_COURSE } from '~/lib/site/site-data'
import { format } from '~/locales'
import { TextField } from './public-form/fields'
import type { FormPage } from '~/lib/forms/page-answer'
import { PublicForm, type FieldBinding, type PublicFormSpec } from './public-form/public-form'
import { Field } from './ui/field'

/**
 * The course registration form (docs/product.md#forms), listing the courses open for registration.
 * `?course=<id>` in the page's address preselects a course (the academy's Enroll Now and Register
 * links); otherwise Diploma in Dentistry (or the first open course, when it is closed).
 */
export const registrationForm: PublicFormSpec<'registration', RegistrationField> = {
  kind: 'registration',
  page: '/academy/register',
  fields: REGISTRATION_FIELDS,
  loadSchema: () => import('~/lib/forms/registration').then((module) => module.CourseRegistrationSchema),
  openWhatsapp: (settings) => settings.notifyOnRegistration,
  successText: (texts, { name, course }) => format(texts.successText, { name, course: course ?? '' }),
  renderFields: ({ field, defaults, texts, page }) => (
    <>
      <TextField {...field('name')} autoComplete="name" texts={texts} defaultValue={defaults.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('email')} type="email" texts={texts} defaultValue={defaults.email} />
        <TextField {...field('phone')} type="tel" texts={texts} defaultValue={defaults.phone} />
      </div>
      <TextField {...field('address')} autoComplete="address-line1" texts={texts} defaultValue={defaults.address} />
      <TextField {...field('education')} texts={texts} defaultValue={defaults.education} />
      <CourseField {...field('course')} label={texts.course} defaultValue={defaults.course} page={page} />
    </>
  ),
}

export function RegistrationForm() {
  return <PublicForm spec={registrationForm} />
}

/** The course list: the course sent before, else the one the address names, else the default course. */
function CourseField({
  label,
  defaultValue,
  page,
  ...binding
}: FieldBinding<'course'> & { label: string; defaultValue: string | undefined; page: FormPage }) {
  // The courses open for registration, as the academy's pages show them (lib/site/collections.ts).
  const courses = page.root.collections.courses.filter((entry) => entry.open)
  const course = chosenCourse(courses, [defaultValue, page.search.get('course')], DEFAULT_COURSE)
  return (
    <Field {...binding} label={label}>
      {(control) => (
        // The key makes a course picked from the address (client-side navigation) show.
        <select {...control} key={course} defaultValue={course}>
          {courses.map(({ id, name }) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      )}
    </Field>
  )
}
