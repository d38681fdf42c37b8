import { useId, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { editorSecondaryButton } from '~/components/ui/button'
import { useHydrated } from '~/components/admin/feedback'
import { controlClass, EditorLabelled, inputClass } from '~/components/editor/fields'
import { answeredTab, TabPanel, Tabs } from '~/components/editor/tabs'
import { isHexColor, normalizeHex } from '~/lib/site/color'
import { BASE_SIZE_RANGE, checkContrast } from '~/lib/site/editor-schemas'
import { DEFAULT_THEME, FONT_FAMILIES, type FontFamily, type Theme } from '~/lib/site/theme'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import { THEME_COLOUR_FIELD, THEME_SITES, type ThemeSite } from '~/lib/site/theme'
import type { Route } from './+types/theme'
import { AdminRouteError } from '~/components/admin/route-error'
import { themeAction, themeLoader } from './theme.server'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.theme.title ?? 'Theme Customizer' }]

export const loader = (args: Route.LoaderArgs) => themeLoader(args)
export const action = (args: Route.ActionArgs) => themeAction(args)

type Messages = Route.ComponentProps['loaderData']['messages']

function ColourField({
  site,
  value,
  original,
  error,
  onChange,
  messages,
}: {
  site: ThemeSite
  value: string
  original: string
  error?: string
  onChange: (value: string) => void
  messages: Messages
}) {
  const m = messages.theme
  const id = useId()
  const name = THEME_COLOUR_FIELD[site]
  const valid = isHexColor(value)
  const siteName = m.tabs[site]
  const check = valid ? checkContrast(value) : null
  const shownError = error ?? (valid ? undefined : messages.errors.colour)
  return (
    <div className="space-y-3">
      <p id={`${id}-label`} className="text-sm font-bold text-slate-800">
        {m.primary}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <input
          type="color"
          name={`${name}Picker`}
          aria-label={format(m.primaryPicker, { site: siteName })}
          value={valid ? normalizeHex(value) : normalizeHex(original)}
          onChange={(event) => onChange(event.target.value)}
          className="h-11 w-16 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <input type="hidden" name={`${name}Original`} value={original} />
        <input
          id={`${id}-text`}
          name={name}
          type="text"
          value={value}
          onChange={(event) => onChange(event.target.value)}
          aria-label={format(m.primaryText, { site: siteName })}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={`${id}-help ${id}-contrast${shownError ? ` ${id}-error` : ''}`}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          className={`${inputClass} max-w-40 font-mono ${shownError ? 'border-red-700' : 'border-slate-300'}`}
        />
      </div>
      {shownError ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {shownError}
        </p>
      ) : null}
      <p id={`${id}-help`} className="text-xs text-slate-600">
        {m.primaryHelp}
      </p>
      <p
        id={`${id}-contrast`}
        aria-live="polite"
        className={`rounded-md p-3 text-sm ${check?.adjusted ? 'bg-amber-50 text-amber-900' : 'bg-slate-50 text-slate-700'}`}
      >
        {check
          ? check.adjusted
            ? format(m.contrastAdjusted, {
                ratio: tenths(check.ratio),
                shade: check.shade,
                shadeRatio: tenths(check.shadeRatio),
              })
            : format(m.contrastOk, { ratio: tenths(check.ratio) })
          : null}
      </p>
    </div>
  )
}

/** A contrast ratio to one decimal, as a number, so a Dari or Pashto message writes it in its own digits. */
const tenths = (ratio: number) => Math.round(ratio * 10) / 10

/** A small page in the chosen colours and font; updated in the browser as the fields change. */
function Preview({ theme, site, messages }: { theme: Theme; site: ThemeSite; messages: Messages }) {
  const hydrated = useHydrated()
  const m = messages.theme
  const colour = theme[THEME_COLOUR_FIELD[site]]
  const valid = isHexColor(colour)
  // Style properties are set by script after the page loaded (the server's HTML has none: CSP).
  const style =
    hydrated && valid
      ? ({
          [`--${site}-primary`]: normalizeHex(colour),
          [`--${site}-primary-strong`]: checkContrast(colour).shade,
          fontFamily: `'${theme.font}', ui-sans-serif, system-ui, sans-serif`,
          fontSize: `${theme.baseSize}px`,
        } as React.CSSProperties)
      : undefined
  return (
    <div style={style} data-testid={`preview-${site}`}>
      <div className={`theme-${site} overflow-hidden rounded-lg border border-slate-200`}>
        <div className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-3">
          <span className="flex items-center gap-2 font-bold text-slate-900">
            <span aria-hidden="true" className="h-7 w-7 rounded-full bg-primary" />
            {m.tabs[site]}
          </span>
          <span className="rounded-md bg-primary px-3 py-1.5 text-sm font-bold text-white">{m.previewButton}</span>
        </div>
        <div className="space-y-3 bg-gradient-to-b from-primary/10 to-white p-5">
          <span className="inline-block rounded-full bg-primary/10 px-3 py-1 text-sm font-bold text-primary">{m.previewBadge}</span>
          <p className="text-2xl font-bold text-slate-900">{m.previewHeading}</p>
          <p className="text-slate-700">{m.previewText}</p>
          <p>
            <span className="font-bold text-primary underline underline-offset-2">{m.previewLink}</span>
          </p>
        </div>
      </div>
    </div>
  )
}

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function ThemeCustomizer({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.theme
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const { errors, values: sent, feedback } = formResult(actionData)
  const [site, setSite] = useState<string>(() => answeredTab(actionData, THEME_SITES) ?? loaderData.site)
  const [theme, setTheme] = useState<Theme>(() => ({
    clinicPrimary: sent?.clinicPrimary ?? loaderData.theme.clinicPrimary,
    academyPrimary: sent?.academyPrimary ?? loaderData.theme.academyPrimary,
    font: ((FONT_FAMILIES as readonly string[]).includes(sent?.font ?? '') ? sent!.font : loaderData.theme.font) as FontFamily,
    baseSize: Number(sent?.baseSize ?? loaderData.theme.baseSize) || DEFAULT_THEME.baseSize,
  }))

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={feedback}>
      <Form method="post" className="space-y-6" noValidate>
        <input type="hidden" name="version" value={loaderData.version ?? ''} />
        <div className="grid gap-6 lg:grid-cols-2">
          <div className={cardClass}>
            <Tabs
              label={m.tabsLabel}
              idPrefix="theme"
              param="site"
              tabs={THEME_SITES.map((id) => ({ id, label: m.tabs[id], invalid: Boolean(errors[THEME_COLOUR_FIELD[id]]) }))}
              selected={site}
              onSelect={setSite}
            />
            {THEME_SITES.map((id) => (
              <TabPanel key={id} idPrefix="theme" id={id} selected={site}>
                <ColourField
                  site={id}
                  value={theme[THEME_COLOUR_FIELD[id]]}
                  original={loaderData.theme[THEME_COLOUR_FIELD[id]]}
                  error={errors[THEME_COLOUR_FIELD[id]]}
                  onChange={(value) => setTheme((t) => ({ ...t, [THEME_COLOUR_FIELD[id]]: value }))}
                  messages={messages}
                />
              </TabPanel>
            ))}
            <div className="mt-8 grid gap-4 border-t border-slate-200 pt-6 sm:grid-cols-2">
              <EditorLabelled id="theme-font" label={m.font} error={errors.font}>
                {(wiring) => (
                  <select
                    {...wiring}
                    name="font"
                    value={theme.font}
                    onChange={(event) => setTheme((t) => ({ ...t, font: event.target.value as FontFamily }))}
                    className={controlClass(errors.font)}
                  >
                    {FONT_FAMILIES.map((font) => (
                      <option key={font} value={font}>
                        {font}
                      </option>
                    ))}
                  </select>
                )}
              </EditorLabelled>
              <EditorLabelled id="theme-base-size" label={m.baseSize} error={errors.baseSize} help={m.baseSizeHelp}>
                {(wiring) => (
                  <input
                    {...wiring}
                    name="baseSize"
                    type="number"
                    min={BASE_SIZE_RANGE.min}
                    max={BASE_SIZE_RANGE.max}
                    step={1}
                    value={theme.baseSize}
                    onChange={(event) => setTheme((t) => ({ ...t, baseSize: Number(event.target.value) }))}
                    className={controlClass(errors.baseSize)}
                  />
                )}
              </EditorLabelled>
            </div>
          </div>
          <section aria-labelledby="theme-preview-heading" className={cardClass}>
            <h2 id="theme-preview-heading" className="mb-4 text-lg font-bold text-slate-900">
              {m.preview}
            </h2>
            <Preview theme={theme} site={site as ThemeSite} messages={messages} />
          </section>
        </div>
        <SaveBar label={m.save} saving={saving} messages={messages.common}>
          {hydrated ? (
            <button type="button" className={editorSecondaryButton} onClick={() => setTheme({ ...DEFAULT_THEME })}>
              {m.reset}
            </button>
          ) : null}
        </SaveBar>
        <FormEnd />
      </Form>
    </EditorPage>
  )
}
