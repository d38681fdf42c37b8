import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/patient-new'
import { patientNewAction, patientNewLoader } from './patient-new.server'
import { useAdmin } from '~/components/admin/admin-data'
import { FeedbackPanel, useFeedbackToast } from '~/components/admin/feedback'
import { AdminTextField, LabelledField } from '~/components/admin/field'
import { AdminRouteError } from '~/components/admin/route-error'
import { adminInput, adminLabel } from '~/components/admin/ui'
import { StaffDateField } from '~/components/admin/staff-date-field'
import { VisitTimeFields } from '~/components/admin/visit-time-fields'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { LIST_PATH } from '~/lib/access/sections'
import { LOCALES, LOCALE_INFO } from '~/lib/i18n/locale'
import { VISIT_FIELDS } from '~/lib/requests/visit-time'
import { formResult } from '~/lib/staff/form-result'

export const loader = (args: Route.LoaderArgs) => patientNewLoader(args)
export const action = (args: Route.ActionArgs) => patientNewAction(args)

/** A phone or walk-in appointment entered at the desk, optionally confirmed at once. */
export default function NewAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, locale } = useAdmin()
  const texts = messages.desk.booking
  const result = formResult(actionData)
  const values: Partial<Record<string, string>> = (result.values as Record<string, string> | undefined) ?? {}
  const errors = result.errors
  const busy = useNavigation().state === 'submitting'
  const [confirmNow, setConfirmNow] = useState(values.confirmNow === 'yes')
  useFeedbackToast(result.feedback)

  return (
    <div className="max-w-3xl">
      <p>
        <Link to={LIST_PATH.appointments} className="text-sm underline">
          {texts.cancel}
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold">{texts.title}</h1>
      <p className="mt-1 text-slate-700">{texts.intro}</p>
      <div className="mt-4">
        <FeedbackPanel feedback={result.feedback} />
      </div>

      <Form method="post" className="mt-6 space-y-5 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <input type="hidden" name="token" value={values.token || loaderData.token} />
        <AdminTextField
          id="name"
          name="name"
          label={texts.name}
          required
          autoComplete="off"
          defaultValue={values.name}
          error={errors.name}
        />
        <AdminTextField
          id="phone"
          name="phone"
          type="tel"
          label={texts.phone}
          required
          autoComplete="off"
          dir="ltr"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <AdminTextField
          id="email"
          name="email"
          type="email"
          label={texts.email}
          autoComplete="off"
          dir="ltr"
          defaultValue={values.email}
          error={errors.email}
        />
        <StaffDateField
          id="date"
          name="date"
          label={texts.date}
          locale={locale}
          today={loaderData.today}
          value={values.date ?? ''}
          sent={values}
          error={errors.date}
          english={
            <AdminTextField
              id="date"
              name="date"
              type="date"
              label={texts.date}
              required
              min={loaderData.today}
              defaultValue={values.date}
              error={errors.date}
            />
          }
        />
        <LabelledField id="message" label={texts.message} error={errors.message}>
          {(wiring) => <textarea {...wiring} name="message" rows={3} defaultValue={values.message} className={`${adminInput} mt-1`} />}
        </LabelledField>

        <fieldset>
          <legend className={adminLabel}>{texts.source}</legend>
          <div className="mt-2 flex flex-wrap gap-6">
            {loaderData.sources.map((source) => (
              <label key={source} className="flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name="source"
                  value={source}
                  defaultChecked={(values.source || 'phone') === source}
                  aria-describedby={errors.source ? 'source-error' : undefined}
                  className="h-4 w-4"
                />
                {messages.desk.source[source]}
              </label>
            ))}
          </div>
          {errors.source ? (
            <p id="source-error" className="mt-1 text-sm font-medium text-red-800">
              {errors.source}
            </p>
          ) : null}
        </fieldset>

        <LabelledField id="locale" label={texts.locale}>
          {(wiring) => (
            <select {...wiring} name="locale" defaultValue={values.locale || loaderData.locale} className={`${adminInput} mt-1`}>
              {LOCALES.map((code) => (
                <option key={code} value={code} lang={LOCALE_INFO[code].tag}>
                  {LOCALE_INFO[code].nativeName}
                </option>
              ))}
            </select>
          )}
        </LabelledField>

        <fieldset className="space-y-4 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-800">{messages.desk.visit.title}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="confirmNow"
              value="yes"
              defaultChecked={confirmNow}
              onChange={(event) => setConfirmNow(event.currentTarget.checked)}
              aria-describedby="confirm-now-help"
              className="h-4 w-4"
            />
            {texts.confirmNow}
          </label>
          <p id="confirm-now-help" className="text-sm text-slate-700">
            {texts.confirmHelp}
          </p>
          <VisitTimeFields
            id="booking-visit"
            locale={locale}
            defaults={{ date: values[VISIT_FIELDS.date] ?? '', time: values[VISIT_FIELDS.time] ?? '' }}
            today={loaderData.today}
            hours={loaderData.hours}
            errors={errors}
            sent={values}
            required={confirmNow}
          />
        </fieldset>

        <div className="flex flex-wrap gap-3">
          <button type="submit" disabled={busy} className={adminButton}>
            {busy ? texts.submitting : texts.submit}
          </button>
          <Link to={LIST_PATH.appointments} className={adminSecondaryButton}>
            {texts.cancel}
          </Link>
        </div>
      </Form>
    </div>
  )
}

export const ErrorBoundary = AdminRouteError
