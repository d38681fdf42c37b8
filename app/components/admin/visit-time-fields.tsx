import { useState } from 'react'
import { formatDate, parseIsoDate, toEasternDigits } from '~/lib/i18n/dates'
import type { Locale } from '~/lib/i18n/locale'
import { VISIT_FIELDS, VISIT_STEP_MINUTES } from '~/lib/requests/visit-time'
import { format } from '~/locales'
import { useAdminMessages } from './admin-data'
import { LabelledField } from './field'
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
  required?: boolean
}

/**
 * The date and time of a visit in Kabul time: the browser's date and time inputs, with the clinic's
 * hours under them and, in Dari and Pashto, the chosen day in the Solar Hijri calendar beside it.
 */
export function VisitTimeFields({ id, locale, defaults, today, hours, errors, required = false }: VisitTimeFieldsProps) {
  const texts = useAdminMessages().desk.visit
  const [date, setDate] = useState(defaults.date)
  const solar = locale !== 'en' && parseIsoDate(date) ? format(texts.solar, { date: formatDate(date, locale) }) : ''
  const digits = (time: string) => (locale === 'en' ? time : toEasternDigits(time))
  const help = format(texts.help, { first: digits(hours.first), last: digits(hours.last) })
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div>
        <LabelledField id={`${id}-date`} label={texts.date} error={errors[VISIT_FIELDS.date]}>
          {(wiring) => (
            <input
              {...wiring}
              type="date"
              name={VISIT_FIELDS.date}
              min={today}
              required={required}
              defaultValue={defaults.date}
              onChange={(event) => setDate(event.currentTarget.value)}
              className={`${adminInput} mt-1`}
            />
          )}
        </LabelledField>
        {locale !== 'en' ? (
          <p className="mt-1 text-sm text-slate-700" aria-live="polite">
            {solar}
          </p>
        ) : null}
      </div>
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
