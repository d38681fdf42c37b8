import { toEasternDigits } from '~/lib/i18n/dates'
import type { Locale } from '~/lib/i18n/locale'
import { VISIT_FIELDS, VISIT_STEP_MINUTES } from '~/lib/requests/visit-time'
import { format } from '~/locales'
import { useAdminMessages } from './admin-data'
import { LabelledField } from './field'
import { StaffDateField } from './staff-date-field'
import { adminInput } from './ui'

interface VisitTimeFieldsProps {
  /** Prefix of the inputs' ids. */
  id: string
  locale: Locale
  defaults: { date: string; time: string }
  /** Today in Kabul, the first day that can be chosen. */
  today: string
  hours: { first: string; last: string }
  errors: Partial<Record<string, string>>
  /** What a failed submission sent: the Solar Hijri parts are shown again as typed. */
  sent?: Partial<Record<string, string>>
  required?: boolean
}

/**
 * The date and time of a visit in Kabul time: the date in the staff member's calendar (the browser's
 * date input in English, the Solar Hijri field in Dari and Pashto), the time with the clinic's hours under it.
 */
export function VisitTimeFields({ id, locale, defaults, today, hours, errors, sent, required = false }: VisitTimeFieldsProps) {
  const texts = useAdminMessages().desk.visit
  const digits = (time: string) => (locale === 'en' ? time : toEasternDigits(time))
  const help = format(texts.help, { first: digits(hours.first), last: digits(hours.last) })
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StaffDateField
        id={`${id}-date`}
        name={VISIT_FIELDS.date}
        label={texts.date}
        locale={locale}
        today={today}
        value={defaults.date}
        sent={sent}
        error={errors[VISIT_FIELDS.date]}
        optional={!required}
        english={
          <LabelledField id={`${id}-date`} label={texts.date} error={errors[VISIT_FIELDS.date]}>
            {(wiring) => (
              <input
                {...wiring}
                type="date"
                name={VISIT_FIELDS.date}
                min={today}
                required={required}
                defaultValue={defaults.date}
                className={`${adminInput} mt-1`}
              />
            )}
          </LabelledField>
        }
      />
      <LabelledField id={`${id}-time`} label={texts.time} error={errors[VISIT_FIELDS.time]} help={help}>
        {(wiring) => (
          <input
            {...wiring}
            type="time"
            name={VISIT_FIELDS.time}
            min={hours.first}
            max={hours.last}
            step={VISIT_STEP_MINUTES * 60}
            required={required}
            defaultValue={defaults.time}
            className={`${adminInput} mt-1`}
          />
        )}
      </LabelledField>
    </div>
  )
}
