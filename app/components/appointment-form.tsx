import { APPOINTMENT_FIELDS, oneYearLater, type AppointmentField } from '~/lib/forms/shared'
import { format } from '~/locales'
import { TextField } from './public-form/fields'
import { PublicForm, type PublicFormSpec } from './public-form/public-form'
import { SolarDateField } from './public-form/solar-date-field'
import { Field } from './ui/field'

/**
 * The appointment request form (docs/product.md#forms). It posts to the page it is on, so every page that shows
 * it needs `action` calling `appointmentAction` (routes/+shared/public-form.server.ts);
 * with JavaScript it sends through the appointment page, which retries what the network lost.
 */
export const appointmentForm: PublicFormSpec<'appointment', AppointmentField> = {
  kind: 'appointment',
  page: '/clinic/appointment',
  fields: APPOINTMENT_FIELDS,
  loadSchema: () => import('~/lib/forms/appointment').then((module) => module.AppointmentRequestSchema),
  openWhatsapp: (settings) => settings.notifyOnAppointment,
  successText: (texts) => texts.successText,
  successDetails: (texts, { date }) => (date ? format(texts.summaryDate, { date }) : undefined),
  renderFields: ({ field, defaults, submitted, texts, optionalLabel, page: { root, today } }) => (
    <>
      <TextField {...field('name')} autoComplete="name" texts={texts} defaultValue={defaults.name} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField {...field('phone')} type="tel" texts={texts} defaultValue={defaults.phone} />
        <TextField {...field('email')} type="email" texts={texts} defaultValue={defaults.email} optionalLabel={optionalLabel} />
      </div>
      {root.locale === 'en' ? (
        <Field {...field('date')} label={texts.date} required>
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
      ) : (
        // Dari and Pashto: the Solar Hijri day, month and year.
        <SolarDateField {...field('date')} texts={texts} locale={root.locale} today={today} defaults={defaults} submitted={submitted} />
      )}
      <TextField {...field('message')} rows={4} texts={texts} defaultValue={defaults.message} optionalLabel={optionalLabel} />
    </>
  ),
}

export function AppointmentForm() {
  return <PublicForm spec={appointmentForm} />
}
