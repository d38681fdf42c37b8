import {
  COLLECTION_FIELDS,
  COURSE_MODES,
  hasPhoto,
  type CollectionId,
  type FormItem,
  type TranslatedLocale,
} from '~/lib/site/editor-schemas'
import { format, type Messages } from '~/locales'
import { EditorLabelled, controlClass, TextField } from './fields'
import { LanguageFields } from './language-fields'

/** The fields of a collection item in the editor: its texts in every language, then what its collection has besides. */
export function CollectionItemFields({
  collection,
  item,
  index,
  label,
  errors,
  messages,
  photos,
  missing = {},
}: {
  collection: CollectionId
  item: FormItem
  index: number
  label: string
  errors: Record<string, string>
  messages: Messages['editor']
  photos: Array<{ name: string; label: string }>
  /** The fields whose English text has no Dari or Pashto one, and the languages they lack. */
  missing?: Record<string, readonly TranslatedLocale[]>
}) {
  const m = messages.collections
  const languageName = { fa: messages.common.dari, ps: messages.common.pashto }
  // Under an empty Dari or Pashto field: its readers see the English text.
  const missingHelp = (field: string) =>
    Object.fromEntries((missing[field] ?? []).map((locale) => [locale, format(m.missingField, { language: languageName[locale] })]))
  const name = (field: string) => `item.${index}.${field}`
  const prefix = `collection-${item.id}`
  return (
    <div className="mt-3 space-y-4">
      {COLLECTION_FIELDS[collection].map(([field, kind]) => (
        <fieldset key={field} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-bold text-slate-900">{m.fields[field]}</legend>
          <LanguageFields
            name={name(field)}
            idPrefix={`${prefix}-${field}`}
            rows={kind === 'text' ? 3 : undefined}
            label={(language) => (
              <>
                <span className="sr-only">
                  {label}: {m.fields[field]}{' '}
                </span>
                {language}
              </>
            )}
            languages={messages.common}
            values={item.texts[field]}
            errors={errors}
            help={missingHelp(field)}
            englishPlaceholder
          />
        </fieldset>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {collection === 'testimonials' ? (
          <EditorLabelled id={`${prefix}-rating`} label={<Hidden prefix={label}>{m.fields.rating}</Hidden>} error={errors[name('rating')]}>
            {(wiring) => (
              <select {...wiring} name={name('rating')} defaultValue={item.rating} className={controlClass(errors[name('rating')])}>
                {/* A rating outside 1–5 sent by hand stays visible, so the refusal names it. */}
                {['1', '2', '3', '4', '5', ...(['1', '2', '3', '4', '5'].includes(item.rating) ? [] : [item.rating])].map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </EditorLabelled>
        ) : null}
        {collection === 'courses' ? (
          <>
            <EditorLabelled id={`${prefix}-mode`} label={<Hidden prefix={label}>{m.fields.mode}</Hidden>} error={errors[name('mode')]}>
              {(wiring) => (
                <select {...wiring} name={name('mode')} defaultValue={item.mode} className={controlClass(errors[name('mode')])}>
                  {COURSE_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {m.modes[mode]}
                    </option>
                  ))}
                </select>
              )}
            </EditorLabelled>
            <TextField
              id={`${prefix}-fee`}
              name={name('fee')}
              label={<Hidden prefix={label}>{m.fields.fee}</Hidden>}
              inputMode="numeric"
              defaultValue={item.fee}
              help={m.feeHelp}
              error={errors[name('fee')]}
            />
            <label className="flex items-center gap-2 font-bold text-slate-900">
              <input type="checkbox" name={name('open')} defaultChecked={item.open} className="h-5 w-5 accent-blue-700" />
              <Hidden prefix={label}>{m.fields.open}</Hidden>
            </label>
          </>
        ) : null}
        {hasPhoto(collection) ? (
          <EditorLabelled id={`${prefix}-photo`} label={<Hidden prefix={label}>{m.fields.photo}</Hidden>} error={errors[name('photo')]}>
            {(wiring) => (
              <select {...wiring} name={name('photo')} defaultValue={item.photo} className={controlClass(errors[name('photo')])}>
                <option value="">{m.noPhoto}</option>
                {photos.map((photo) => (
                  <option key={photo.name} value={photo.name}>
                    {photo.label}
                  </option>
                ))}
              </select>
            )}
          </EditorLabelled>
        ) : null}
      </div>
      {hasPhoto(collection) ? (
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-bold text-slate-900">{m.fields.photoAlt}</legend>
          <LanguageFields
            name={name('photoAlt')}
            idPrefix={`${prefix}-photoAlt`}
            label={(language) => (
              <>
                <span className="sr-only">
                  {label}: {m.fields.photoAlt}{' '}
                </span>
                {language}
              </>
            )}
            languages={messages.common}
            values={item.photoAlt}
            errors={errors}
            help={missingHelp('photoAlt')}
            englishPlaceholder
          />
        </fieldset>
      ) : null}
    </div>
  )
}

/** A label with the item's name before it for screen readers ('Dr. Sara: Photo'). */
function Hidden({ prefix, children }: { prefix: string; children: React.ReactNode }) {
  return (
    <>
      <span className="sr-only">{prefix}: </span>
      {children}
    </>
  )
}

/** A retired item keeps its values, sent along unchanged (hidden), so a save keeps it as it was. */
export function RetiredItemFields({ collection, item, index }: { collection: CollectionId; item: FormItem; index: number }) {
  const name = (field: string) => `item.${index}.${field}`
  const hidden = (field: string, value: string) => <input key={field} type="hidden" name={name(field)} value={value} />
  return (
    <>
      {COLLECTION_FIELDS[collection].flatMap(([field]) =>
        (['en', 'fa', 'ps'] as const).map((locale) => hidden(`${field}.${locale}`, item.texts[field]?.[locale] ?? '')),
      )}
      {hidden('rating', item.rating)}
      {hidden('mode', item.mode)}
      {hidden('fee', item.fee)}
      {item.open ? hidden('open', 'on') : null}
      {hidden('photo', item.photo)}
      {(['en', 'fa', 'ps'] as const).map((locale) => hidden(`photoAlt.${locale}`, item.photoAlt[locale]))}
    </>
  )
}
