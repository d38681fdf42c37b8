import { SolarDateField } from '~/components/public-form/solar-date-field'
import { solarFieldNames } from '~/lib/i18n/solar-date'
import { solarValuesOf, staffSolarYears } from '~/lib/i18n/staff-date-fields'
import { toEasternDigits } from '~/lib/i18n/digits'
import type { Locale } from '~/lib/i18n/locale'
import { useAdminMessages } from './admin-data'

interface StaffDateFieldProps {
  id: string
  /** The field's name: the ISO date in English, its Solar Hijri parts `${name}Day`… in Dari and Pashto. */
  name: string
  label: string
  locale: Locale
  /** Today in Kabul ('YYYY-MM-DD'). */
  today: string
  /** The date the field shows ('YYYY-MM-DD' or ''), when nothing typed is to be shown again. */
  value: string
  /** What the last submission sent (a failed form's values, a list's query): its parts are shown again as typed. */
  sent?: Partial<Record<string, string>>
  error?: string
  /** A list's or the agenda's filter (any day of the years staff work with), not a booking. */
  filter?: boolean
  /** A booking's date that may stay empty. */
  optional?: boolean
  /** The English field: the browser's date input. */
  english: React.ReactNode
}

/**
 * A date in the staff panel: English staff use the browser's date input; Dari and Pashto staff type
 * and read the Solar Hijri date in the public form's field. Either way the server reads the same ISO
 * Gregorian date (readDateField, lib/i18n/solar-date.ts), and stores and exports it as such.
 */
export function StaffDateField({
  id,
  name,
  label,
  locale,
  today,
  value,
  sent,
  error,
  filter = false,
  optional = false,
  english,
}: StaffDateFieldProps) {
  const texts = useAdminMessages().solarDate
  if (locale === 'en') return <>{english}</>
  const names = solarFieldNames(name)
  const shown = solarValuesOf(name, value)
  // The day in the digits the panel writes (either kind is read).
  const typed =
    sent && Object.values(names).some((field) => sent[field]) ? sent : { ...shown, [names.day]: toEasternDigits(shown[names.day] ?? '') }
  return (
    <SolarDateField
      id={id}
      name={name}
      error={error}
      errorCode={error ? 'dateInvalid' : undefined}
      texts={{ ...texts, date: label }}
      locale={locale}
      today={today}
      defaults={typed}
      submitted={typed}
      filter={filter ? { years: staffSolarYears(today, value) } : undefined}
      optional={optional}
    />
  )
}
