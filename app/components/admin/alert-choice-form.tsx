import { Form } from 'react-router'
import { adminSecondaryButton } from '~/components/ui/button'
import { formatList } from '~/lib/i18n/format'
import { LOCALE_INFO, LOCALES, type Locale } from '~/lib/i18n/locale'
import type { AlertKind } from '~/lib/access/sections'
import type { Messages } from '~/locales'
import { AdminTextField, LabelledField } from './field'
import { adminInput } from './ui'

export interface AlertChoiceValues {
  email: string
  appointments: boolean
  registrations: boolean
  locale: Locale
}

/**
 * The e-mail alert choice of one account: the address, the kinds its role may receive, the language.
 * Used on the account page (one's own) and in the staff list (an administrator's, with `accountId`).
 */
export function AlertChoiceForm({
  idPrefix,
  values,
  kinds,
  errors,
  busy,
  messages,
  accountId,
}: {
  idPrefix: string
  values: AlertChoiceValues
  kinds: readonly AlertKind[]
  errors: Record<string, string>
  busy: boolean
  messages: Messages['admin']
  accountId?: number
}) {
  const t = messages.alertEmails
  return (
    <Form method="post" className="grid gap-4">
      <input type="hidden" name="intent" value="alerts" />
      {accountId !== undefined ? <input type="hidden" name="id" value={accountId} /> : null}
      <AdminTextField
        id={`${idPrefix}-email`}
        name="email"
        type="email"
        label={t.email}
        autoComplete="email"
        spellCheck={false}
        defaultValue={values.email}
        help={t.emailHint}
        error={errors.email}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t.kinds}</legend>
        <div className="mt-2 grid gap-2">
          {kinds.map((kind) => (
            <label key={kind} className="flex items-center gap-2 text-sm">
              <input type="checkbox" name={kind} defaultChecked={values[kind]} className="h-4 w-4" />
              {t[kind]}
            </label>
          ))}
        </div>
      </fieldset>
      <LabelledField id={`${idPrefix}-locale`} label={t.language}>
        {(wiring) => (
          <select {...wiring} name="locale" defaultValue={values.locale} className={`${adminInput} mt-1`}>
            {LOCALES.map((locale) => (
              <option key={locale} value={locale} lang={LOCALE_INFO[locale].tag}>
                {LOCALE_INFO[locale].nativeName}
              </option>
            ))}
          </select>
        )}
      </LabelledField>
      <div>
        <button type="submit" disabled={busy} className={adminSecondaryButton}>
          {t.save}
        </button>
      </div>
    </Form>
  )
}

/** One line saying what an account receives: the kinds, the language and the address, or "Off". */
export function alertSummary(values: AlertChoiceValues | undefined, messages: Messages['admin'], locale: Locale): string {
  const t = messages.alertEmails
  if (!values || (!values.appointments && !values.registrations)) return t.off
  const kinds = formatList(
    [values.appointments ? t.appointments : null, values.registrations ? t.registrations : null].filter((kind) => kind !== null),
    locale,
  )
  return `${kinds} · ${LOCALE_INFO[values.locale].nativeName} · ${values.email}`
}
