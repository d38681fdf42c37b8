import { useId } from 'react'
import { Form } from 'react-router'
import { APPOINTMENT_FIELDS, FIELD_LIMITS, HONEYPOT_FIELD, TOKEN_FIELD, kabulToday, oneYearLater } from '~/lib/forms/shared'
import { usePublicForm } from '~/lib/forms/use-public-form'
import { useLocalizedPath, useRootData } from '~/lib/site/root-data'
import { format } from '~/locales'
import { FailureNotice, SubmitButton, SuccessPanel, failureNotice, fieldErrorText } from './form-feedback'
import { Field, HoneypotField } from './ui/field'
import { useToast } from './ui/toast'

// The schema (Zod) is loaded when someone starts filling the form, not with the page.
const loadSchema = () => import('~/lib/forms/appointment').then((module) => module.AppointmentRequestSchema)

/**
 * The appointment request form (docs/product.md#forms). It posts to the page it is on, so every page that shows
 * it needs `action` calling `appointmentAction` (see submissions.server.ts); with JavaScript it
 * sends through the appointment page, which retries what the network lost.
 */
export function AppointmentForm() {
  const { messages, settings } = useRootData()
  const localizedPath = useLocalizedPath()
  const toast = useToast()
  const forms = messages.forms
  const texts = forms.appointment
  const id = useId()

  const form = usePublicForm({
    fields: APPOINTMENT_FIELDS,
    action: localizedPath('/clinic/appointment'),
    loadSchema,
    openWhatsapp: settings.notifyOnAppointment,
    onSettled: (result) => {
      if (result.status === 'success') toast({ title: texts.successTitle, description: texts.successText })
      else {
        const notice = failureNotice(result, texts, forms)
        if (notice) toast({ title: notice.title, description: notice.text, variant: 'destructive' })
      }
    },
  })

  const { result, fromPage, defaults, formKey, token, pending, formRef, noticeRef, onSubmit, prepare } = form
  const notice = failureNotice(result, texts, forms)
  const error = (field: (typeof APPOINTMENT_FIELDS)[number]) => fieldErrorText(result, field, forms)
  const today = kabulToday()

  return (
    <div className="space-y-4" data-form="appointment">
      {result?.status === 'success' ? (
        <SuccessPanel
          id={`${id}-success`}
          noticeRef={noticeRef}
          live={fromPage}
          title={texts.successTitle}
          text={texts.successText}
          details={result.summary.date ? format(texts.summaryDate, { date: result.summary.date }) : undefined}
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
            <Field id={`${id}-email`} name="email" label={texts.email} optionalLabel={forms.optional} error={error('email')}>
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
          </div>

          <Field id={`${id}-date`} name="date" label={texts.date} required error={error('date')}>
            {(control) => (
              <input
                {...control}
                type="date"
                dir="ltr"
                min={today}
                max={oneYearLater(today)}
                defaultValue={defaults.date}
                // The server's and the browser's 'today' differ only across midnight in Kabul.
                suppressHydrationWarning
              />
            )}
          </Field>

          <Field id={`${id}-message`} name="message" label={texts.message} optionalLabel={forms.optional} error={error('message')}>
            {(control) => (
              <textarea
                {...control}
                dir="auto"
                rows={4}
                maxLength={FIELD_LIMITS.message}
                placeholder={texts.messagePlaceholder}
                defaultValue={defaults.message}
              />
            )}
          </Field>

          <SubmitButton pending={pending} label={texts.submit} pendingLabel={forms.submitting} />
        </fieldset>
      </Form>
    </div>
  )
}
