import { APPOINTMENT_FIELDS, kabulToday, oneYearLater } from '~/lib/forms/shared'
import { useRootData } from '~/lib/site/root-data'
import { format } from '~/locales'
import { TextField } from './public-form/fields'
import { PublicForm } from './public-form/public-form'
import { SolarDateField } from './public-form/solar-date-field'
import { Field } from './ui/field'

const loadSchema = () => import('~/lib/forms/appointment').then((module) => module.AppointmentRequestSchema)
const APPOINTMENT_FORM = { kind: 'appointment', page: '/clinic/appointment', fields: APPOINTMENT_FIELDS, loadSchema } as const

/**
 * The appointment request form (docs/product.md#forms). It posts to the page it is on, so every page that shows
 * it needs `action` calling `appointmentAction` (see submissions.server.ts); with JavaScript it
 * sends through the appointment page, which retries what the network lost.
 */
export function AppointmentForm() {
  const { settings, locale } = useRootData()
  const today = kabulToday()

  return (
    <PublicForm
      form={APPOINTMENT_FORM}
      openWhatsapp={settings.notifyOnAppointment}
      successText={(texts) => texts.successText}
      successDetails={(texts, { date }) => (date ? format(texts.summaryDate, { date }) : undefined)}
    >
      {({ field, defaults, submitted, texts, optionalLabel }) => (
        <>
          <TextField {...field('name')} autoComplete="name" texts={texts} defaultValue={defaults.name} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField {...field('phone')} type="tel" texts={texts} defaultValue={defaults.phone} />
            <TextField {...field('email')} type="email" texts={texts} defaultValue={defaults.email} optionalLabel={optionalLabel} />
          </div>
          {locale === 'en' ? (
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
            <SolarDateField {...field('date')} texts={texts} locale={locale} today={today} defaults={defaults} submitted={submitted} />
          )}
          <TextField {...field('message')} rows={4} texts={texts} defaultValue={defaults.message} optionalLabel={optionalLabel} />
        </>
      )}
    </PublicForm>
  )
}
