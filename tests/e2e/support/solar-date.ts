import type { Locator } from '@playwright/test'
import { kabulToday, oneYearLater } from '~/lib/forms/shared'
import { bookableSolarYears, isoDateToSolarParts } from '~/lib/i18n/solar-date'
import { solarMonthName } from '~/lib/i18n/dates'
import { toEasternDigits } from '~/lib/i18n/digits'
import { messagesFor } from '~/locales'

/** The Dari and Pashto appointment forms (the English one keeps the browser's date input). */
export type SolarLocale = 'fa' | 'ps'

/** A day in Kabul's calendar, `days` from today, as YYYY-MM-DD. */
export function kabulDay(days: number): string {
  return kabulToday(new Date(Date.now() + days * 86_400_000))
}

/** The Solar Hijri years the form offers today (the year of today to that of a year ahead). */
export function offeredSolarYears(): number[] {
  const today = kabulToday()
  return bookableSolarYears(today, oneYearLater(today))
}

/** The day, month and year fields of the form's Solar Hijri date, by their labels. */
export function solarDateFields(form: Locator, locale: SolarLocale) {
  const texts = messagesFor(locale).forms.appointment
  return {
    group: form.getByRole('group', { name: texts.date }),
    day: form.getByLabel(texts.dateDay, { exact: true }),
    month: form.getByLabel(texts.dateMonth, { exact: true }),
    year: form.getByLabel(texts.dateYear, { exact: true }),
  }
}

/**
 * Gives a preferred date (YYYY-MM-DD) as a visitor does in Dari or Pashto: types the Solar Hijri
 * day (Eastern digits unless told otherwise), picks the month by its Afghan name and the year as
 * written in Eastern digits.
 */
export async function fillSolarDate(
  form: Locator,
  locale: SolarLocale,
  isoDate: string,
  { digits = 'eastern', typed = false }: { digits?: 'eastern' | 'western'; typed?: boolean } = {},
): Promise<void> {
  const parts = isoDateToSolarParts(isoDate)
  const fields = solarDateFields(form, locale)
  const day = digits === 'eastern' ? toEasternDigits(parts.day) : parts.day
  await fields.day.clear()
  if (typed) await fields.day.pressSequentially(day)
  else await fields.day.fill(day)
  await fields.month.selectOption({ label: solarMonthName(Number(parts.month), locale) })
  await fields.year.selectOption({ label: toEasternDigits(parts.year) })
}
