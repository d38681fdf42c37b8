import { FIELD_LIMITS } from '~/lib/forms/shared'
import { Field } from '../ui/field'
import type { FieldBinding } from './public-form'

type TextFieldName = keyof typeof FIELD_LIMITS

/** A form's texts for a field: its label, placeholder and (optional) help, under the field's name. */
type TextFieldTexts<N extends string> = Record<N | `${N}Placeholder`, string> & Partial<Record<`${N}Help`, string>>

interface TextFieldProps<N extends TextFieldName> extends FieldBinding<N> {
  texts: TextFieldTexts<N>
  defaultValue: string | undefined
  /** Makes the field optional. */
  optionalLabel?: string
  /** A phone or e-mail input: written left to right, with the keyboard and autofill of its type. */
  type?: 'tel' | 'email'
  /** What the browser may fill a free-text input with. */
  autoComplete?: string
  /** Makes it a text area of this many rows. */
  rows?: number
}

/**
 * A text input (or text area) that takes its label, placeholder, help and length limit from its
 * name; required unless it is given an `optionalLabel`.
 */
export function TextField<N extends TextFieldName>({
  texts,
  defaultValue,
  optionalLabel,
  type,
  autoComplete,
  rows,
  ...binding
}: TextFieldProps<N>) {
  const { name } = binding
  // What the text area and the input share.
  const text = { maxLength: FIELD_LIMITS[name], placeholder: texts[`${name}Placeholder`], defaultValue }
  return (
    <Field {...binding} label={texts[name]} required={!optionalLabel} optionalLabel={optionalLabel} help={texts[`${name}Help`]}>
      {(control) =>
        rows ? (
          <textarea {...control} dir="auto" rows={rows} {...text} />
        ) : (
          <input
            {...control}
            type={type ?? 'text'}
            dir={type ? 'ltr' : 'auto'}
            inputMode={type}
            autoComplete={type ?? autoComplete}
            {...text}
          />
        )
      }
    </Field>
  )
}
