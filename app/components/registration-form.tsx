import { useId } from 'react'
import { Form, useSearchParams } from 'react-router'
import { FIELD_LIMITS, HONEYPOT_FIELD, REGISTRATION_FIELDS, TOKEN_FIELD, isCourseId } from '~/lib/forms/shared'
import { usePublicForm } from '~/lib/forms/use-public-form'
import { useLocalizedPath, useRootData } from '~/lib/site/root-data'
import { COURSES, DEFAULT_COURSE } from '~/lib/site/site-data'
import { format } from '~/locales'
import { FailureNotice, SubmitButton, SuccessPanel, failureNotice, fieldErrorText } from './form-feedback'
import { Field, HoneypotField } from './ui/field'
import { useToast } from './ui/toast'

// The schema (Zod) is loaded when someone starts filling the form, not with the page.
const loadSchema = () => import('~/lib/forms/registration').then((module) => module.CourseRegistrationSchema)

/**
 * The course registration form (docs/product.md#forms). `?course=<id>` in the page's address preselects a course
 * (the academy's Enroll Now and Register links); otherwise Diploma in Dentistry.
 */
export function RegistrationForm() {
  const { messages, settings } = useRootData()
  const localizedPath = useLocalizedPath()
  const toast = useToast()
  const [searchParams] = useSearchParams()
  const forms = messages.forms
  const texts = forms.registration
  const courseNames = messages.academy.courses.names
  const id = useId()

  const form = usePublicForm({
    fields: REGISTRATION_FIELDS,
    action: localizedPath('/academy/register'),
    loadSchema,
    openWhatsapp: settings.notifyOnRegistration,
    onSettled: (result) => {
      if (result.status === 'success') {
        toast({ title: texts.successTitle, description: thankYou(result.summary) })
      } else {
        const notice = failureNotice(result, texts, forms)
        if (notice) toast({ title: notice.title, description: notice.text, variant: 'destructive' })
      }
    },
  })

  const thankYou = (summary: { name: string; course?: string }) =>
    format(texts.successText, { name: summary.name, course: summary.course ?? '' })

  const { result, fromPage, defaults, formKey, token, pending, formRef, noticeRef, onSubmit, prepare } = form
  const notice = failureNotice(result, texts, forms)
  const error = (field: (typeof REGISTRATION_FIELDS)[number]) => fieldErrorText(result, field, forms)
  const requested = searchParams.get('course')
  const course = isCourseId(defaults.course) ? defaults.course : isCourseId(requested) ? requested : DEFAULT_COURSE

  return (
    <div className="space-y-4" data-form="registration">
      {result?.status === 'success' ? (
        <SuccessPanel
          id={`${id}-success`}
          noticeRef={noticeRef}
          live={fromPage}
          title={texts.successTitle}
          text={thankYou(result.summary)}
          whatsappUrl={result.whatsappUrl}
          whatsappLabel={texts.whatsappLink}
        />
      ) : notice ? (
        <FailureNotice id={`${id}-notice`} noticeRef={noticeRef} live={fromPage} notice={notice} />
      ) : null}

      <Form
        key={formKey}
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={prepare}
        onPointerDown={prepare}
        aria-busy={pending || undefined}
      >
        <fieldset disabled={pending} className="space-y-4">
          <input type="hidden" name={TOKEN_FIELD} value={token} suppressHydrationWarning />
          <HoneypotField id={`${id}-website`} name={HONEYPOT_FIELD} label={forms.honeypotLabel} />

          <Field id={`${id}-name`} name="name" label={texts.name} required error={error('name')}>
            {(control) => (
              <input
                {...control}
                type="text"
                dir="auto"
                autoComplete="name"
                maxLength={FIELD_LIMITS.name}
                placeholder={texts.namePlaceholder}
                defaultValue={defaults.name}
              />
            )}
          </Field>

          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-email`} name="email" label={texts.email} required error={error('email')}>
              {(control) => (
                <input
                  {...control}
                  type="email"
                  dir="ltr"
                  inputMode="email"
                  autoComplete="email"
                  maxLength={FIELD_LIMITS.email}
                  placeholder={texts.emailPlaceholder}
                  defaultValue={defaults.email}
                />
              )}
            </Field>
            <Field id={`${id}-phone`} name="phone" label={texts.phone} required help={texts.phoneHelp} error={error('phone')}>
              {(control) => (
                <input
                  {...control}
                  type="tel"
                  dir="ltr"
                  inputMode="tel"
                  autoComplete="tel"
                  maxLength={FIELD_LIMITS.phone}
                  placeholder={texts.phonePlaceholder}
                  defaultValue={defaults.phone}
                />
              )}
            </Field>
          </div>

          <Field id={`${id}-address`} name="address" label={texts.address} required error={error('address')}>
            {(control) => (
              <input
                {...control}
                type="text"
                dir="auto"
                autoComplete="street-address"
                maxLength={FIELD_LIMITS.address}
                placeholder={texts.addressPlaceholder}
                defaultValue={defaults.address}
              />
            )}
          </Field>

          <Field id={`${id}-education`} name="education" label={texts.education} required error={error('education')}>
            {(control) => (
              <input
                {...control}
                type="text"
                dir="auto"
                maxLength={FIELD_LIMITS.education}
                placeholder={texts.educationPlaceholder}
                defaultValue={defaults.education}
              />
            )}
          </Field>

          <Field id={`${id}-course`} name="course" label={texts.course} error={error('course')}>
            {(control) => (
              // The key makes a course picked from the address (client-side navigation) show.
              <select {...control} key={course} defaultValue={course}>
                {COURSES.map(({ id: courseId }) => (
                  <option key={courseId} value={courseId}>
                    {courseNames[courseId]}
                  </option>
                ))}
              </select>
            )}
          </Field>

          <SubmitButton pending={pending} label={texts.submit} pendingLabel={forms.submitting} />
        </fieldset>
      </Form>
    </div>
  )
}
