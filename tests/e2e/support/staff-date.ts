import { expect, type Locator, type Page } from '@playwright/test'
import { kabulToday } from '~/lib/forms/shared'
import { isoDateToSolarParts } from '~/lib/i18n/solar-date'
import { solarMonthName } from '~/lib/i18n/dates'
import { toEasternDigits, toLatinDigits } from '~/lib/i18n/digits'
import type { Locale } from '~/lib/i18n/locale'
import { messagesFor } from '~/locales'

/** A staff date field by its label: the browser's date input in English, the Solar Hijri group in Dari and Pashto. */
function parts(scope: Page | Locator, label: string, locale: Locale) {
  const texts = messagesFor(locale).admin.solarDate
  const group = scope.getByRole('group', { name: label, exact: true })
  return {
    group,
    day: group.getByLabel(texts.dateDay, { exact: true }),
    month: group.getByLabel(texts.dateMonth, { exact: true }),
    year: group.getByLabel(texts.dateYear, { exact: true }),
  }
}

/** Gives a date (YYYY-MM-DD) as staff do: typed into the date input in English, as the Solar Hijri day, month and year in Dari and Pashto. */
export async function fillStaffDate(scope: Page | Locator, label: string, isoDate: string, locale: Locale): Promise<void> {
  if (locale === 'en') {
    await scope.getByLabel(label, { exact: true }).fill(isoDate)
    return
  }
  const solar = isoDateToSolarParts(isoDate)
  const fields = parts(scope, label, locale)
  await fields.day.fill(toEasternDigits(solar.day))
  await fields.month.selectOption({ label: solarMonthName(Number(solar.month), locale) })
  await fields.year.selectOption({ label: toEasternDigits(solar.year) })
}

/** The field shows the date (YYYY-MM-DD): in English as is, in Dari and Pashto in its Solar Hijri parts. */
export async function expectStaffDate(scope: Page | Locator, label: string, isoDate: string, locale: Locale): Promise<void> {
  if (locale === 'en') {
    await expect(scope.getByLabel(label, { exact: true })).toHaveValue(isoDate)
    return
  }
  const solar = isoDateToSolarParts(isoDate)
  const fields = parts(scope, label, locale)
  await expect.poll(async () => toLatinDigits(await fields.day.inputValue())).toBe(solar.day)
  await expect(fields.month).toHaveValue(solar.month)
  await expect(fields.year).toHaveValue(solar.year)
}

/** The first day the clinic is open (not a Friday) at least `days` days after today in Kabul. */
export function openDay(days: number): string {
  const date = new Date(`${kabulToday()}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() + days)
  if (date.getUTCDay() === 5) date.setUTCDate(date.getUTCDate() + 1)
  return date.toISOString().slice(0, 10)
}
