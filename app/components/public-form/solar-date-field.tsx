import { useEffect, useRef, useState } from 'react'
import { oneYearLater } from '~/lib/forms/shared'
import {
  bookableSolarYears,
  isoDateToSolarParts,
  solarFieldNames,
  solarDateFaults,
  solarPartsOf,
  solarPartsToIsoDate,
  type SolarDatePart,
  type SolarDateParts,
} from '~/lib/i18n/solar-date'
import { formatDate, formatGregorianDate, solarMonthName } from '~/lib/i18n/dates'
import { toEasternDigits, toLatinDigits } from '~/lib/i18n/digits'
import type { Locale } from '~/lib/i18n/locale'
import { format, type PublicMessages } from '~/locales'
import { FieldHints, controlClassName } from '../ui/field'

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1)

/** What the browser holds in the three fields of the date field `name`. */
function partsIn(fieldset: HTMLFieldSetElement | null, name: string): SolarDateParts {
  const names = solarFieldNames(name)
  const value = (part: SolarDatePart) => {
    const element = fieldset?.elements.namedItem(names[part])
    return element instanceof HTMLInputElement || element instanceof HTMLSelectElement ? element.value : ''
  }
  return { day: value('day'), month: value('month'), year: value('year') }
}

/** The field's texts: the public form's, or the staff panel's (admin.solarDate with the field's own label as `date`). */
type SolarDateTexts = Pick<
  PublicMessages['forms']['appointment'],
  'date' | 'dateDay' | 'dateMonth' | 'dateYear' | 'dateMonthChoose' | 'dateHelp' | 'dateGregorian'
>

interface SolarDateFieldProps {
  id: string
  /** The field's name; its parts are sent as `${name}Day`, `${name}Month` and `${name}Year`. */
  name: string
  error?: string
  /** The error's code, to mark the parts at fault. */
  errorCode?: string
  texts: SolarDateTexts
  /** Dari or Pashto: the month names and the digits. */
  locale: Exclude<Locale, 'en'>
  /** Today in Kabul (YYYY-MM-DD), the first day that can be booked. */
  today: string
  /** The values to fill in again (after a failed submission without JavaScript). */
  defaults: Partial<Record<string, string>>
  /** The values the error is about, to mark the parts at fault. */
  submitted: Partial<Record<string, string>>
  /**
   * A filter rather than a booking (the staff lists and the agenda): any day of the given years,
   * no part required, and no bookable range under it. A booking offers today to a year ahead.
   */
  filter?: { years: number[] }
  /** A booking's date that may be left empty (the desk's visit, until "confirm now" is ticked). */
  optional?: boolean
}

/**
 * The preferred date for Dari and Pashto readers (docs/product.md#forms): a Solar Hijri day (typed
 * in either digits), month (by its Afghan name) and year (the bookable ones), in a fieldset named
 * after the field, with the bookable range under it and, once JavaScript runs, the chosen date in
 * both calendars. The form sends the three parts; the schema reads them into the Gregorian `date`.
 */
export function SolarDateField({
  id,
  name,
  error,
  errorCode,
  texts,
  locale,
  today,
  defaults,
  submitted,
  filter,
  optional = false,
}: SolarDateFieldProps) {
  const names = solarFieldNames(name)
  const last = oneYearLater(today)
  const years = filter ? filter.years : bookableSolarYears(today, last)
  const required = !filter && !optional
  const sent = solarPartsOf(defaults, name)
  const faults = new Set(solarDateFaults(solarPartsOf(submitted, name), errorCode))
  const sentYear = toLatinDigits(sent.year.trim())
  const sentMonth = toLatinDigits(sent.month.trim())

  const fieldsetRef = useRef<HTMLFieldSetElement>(null)
  // What the fields hold: what was sent, when the form comes back (so the server writes the hint
  // without JavaScript too), then what the browser reads from the fields once JavaScript runs.
  const [current, setCurrent] = useState<SolarDateParts | null>(sent)
  useEffect(() => {
    setCurrent(partsIn(fieldsetRef.current, name))
  }, [name])
  const update = () => setCurrent(partsIn(fieldsetRef.current, name))

  // Western digits become the Eastern ones the page writes (either kind is read).
  const onDayInput = (event: React.ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget
    const eastern = toEasternDigits(toLatinDigits(input.value))
    if (eastern !== input.value) {
      const { selectionStart, selectionEnd } = input
      input.value = eastern
      input.setSelectionRange(selectionStart, selectionEnd)
    }
    update()
  }

  const chosen = current ? solarPartsToIsoDate(current) : ''
  const hint = /^\d{4}-\d{2}-\d{2}$/.test(chosen)
    ? format(texts.dateGregorian, {
        solar: formatDate(chosen, locale, { withGregorian: false }),
        gregorian: formatGregorianDate(chosen, locale),
      })
    : ''

  const errorId = error ? `${id}-error` : undefined
  const helpId = filter ? undefined : `${id}-help`
  const hintId = `${id}-hint`
  // The year always holds one of the bookable years, so it is never missing: HTML allows `required`
  // on a list only when its first choice is an empty one, like the month's.
  const control = (part: SolarDatePart) => ({
    id: `${id}-${part}`,
    name: names[part],
    required: required && part !== 'year',
    'aria-required': required && part !== 'year' ? (true as const) : undefined,
    'aria-invalid': faults.has(part) ? (true as const) : undefined,
    'aria-describedby': [errorId, helpId, hintId].filter(Boolean).join(' '),
    className: `${controlClassName} ${faults.has(part) ? 'border-red-700' : 'border-slate-300'}`,
  })
  const partLabel = (part: SolarDatePart, text: string) => (
    <label htmlFor={`${id}-${part}`} className="mb-1 block text-xs font-medium text-slate-700">
      {text}
    </label>
  )

  return (
    <fieldset ref={fieldsetRef} id={id} name={name} className="min-w-0">
      <legend className="mb-1 block text-sm font-bold text-slate-800">
        {texts.date}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-red-700">
            *
          </span>
        ) : null}
      </legend>
      <div className="grid grid-cols-[minmax(0,4rem)_minmax(0,1fr)_minmax(0,6rem)] gap-2 sm:gap-3">
        <div>
          {partLabel('day', texts.dateDay)}
          <input
            {...control('day')}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            maxLength={2}
            defaultValue={sent.day}
            onChange={onDayInput}
          />
        </div>
        <div>
          {partLabel('month', texts.dateMonth)}
          <select {...control('month')} defaultValue={sentMonth} onChange={update}>
            <option value="">{texts.dateMonthChoose}</option>
            {MONTHS.map((month) => (
              <option key={month} value={String(month)}>
                {solarMonthName(month, locale)}
              </option>
            ))}
          </select>
        </div>
        <div>
          {partLabel('year', texts.dateYear)}
          <select
            {...control('year')}
            defaultValue={years.map(String).includes(sentYear) ? sentYear : filter ? isoDateToSolarParts(today).year : String(years[0])}
            onChange={update}
          >
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {toEasternDigits(year)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldHints error={error} errorId={errorId} />
      {/* The range moves at midnight in Kabul: the server's and the browser's may differ for a moment. */}
      {helpId ? (
        <p id={helpId} className="mt-1 text-xs text-slate-600" suppressHydrationWarning>
          {format(texts.dateHelp, {
            first: formatDate(today, locale, { withGregorian: false }),
            last: formatDate(last, locale, { withGregorian: false }),
          })}
        </p>
      ) : null}
      <p id={hintId} aria-live="polite" className="mt-1 text-sm font-medium text-slate-800">
        {hint}
      </p>
    </fieldset>
  )
}
