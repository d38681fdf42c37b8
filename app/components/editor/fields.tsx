import { useId } from 'react'
import { LabelledField, type ControlWiring } from '~/components/admin/field'

const editorLabel = 'mb-1 block text-sm font-bold text-slate-800'

export const inputClass =
  'block w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-blue-700 disabled:bg-slate-100'

interface BaseFieldProps {
  name: string
  label: React.ReactNode
  defaultValue?: string
  error?: string
  help?: string
  required?: boolean
  placeholder?: string
  dir?: 'ltr' | 'rtl'
  lang?: string
  id?: string
  /** Hides the label visually (it stays the accessible name). */
  labelHidden?: boolean
}

/** The attributes the editor's text controls share. */
interface EditorControlProps extends ControlWiring {
  name: string
  defaultValue?: string
  placeholder?: string
  required?: boolean
  dir?: 'ltr' | 'rtl'
  lang?: string
  className: string
}

/** The look of a control of the editor, with or without an error. */
export const controlClass = (error?: string) => `${inputClass} ${error ? 'border-red-700' : 'border-slate-300'}`

/** A label in the editor's look, the control `children` draws with the wiring given, then its error and help. */
export function EditorLabelled({
  id,
  label,
  error,
  help,
  labelHidden,
  children,
}: {
  id: string
  label: React.ReactNode
  error?: string
  help?: string
  labelHidden?: boolean
  children: (wiring: ControlWiring) => React.ReactNode
}) {
  return (
    <LabelledField id={id} label={label} labelClassName={labelHidden ? 'sr-only' : editorLabel} error={error} help={help}>
      {children}
    </LabelledField>
  )
}

/** A text control of the editor, with its name, value and look. */
function EditorField({ children, ...props }: BaseFieldProps & { children: (control: EditorControlProps) => React.ReactNode }) {
  const generated = useId()
  const { name, defaultValue, placeholder, required, dir, lang } = props
  return (
    <EditorLabelled id={props.id ?? generated} label={props.label} error={props.error} help={props.help} labelHidden={props.labelHidden}>
      {(wiring) => children({ ...wiring, name, defaultValue, placeholder, required, dir, lang, className: controlClass(props.error) })}
    </EditorLabelled>
  )
}

export function TextField({
  type = 'text',
  inputMode,
  autoComplete,
  ...props
}: BaseFieldProps & {
  type?: 'text' | 'email' | 'tel' | 'url' | 'password' | 'date'
  inputMode?: 'decimal' | 'tel' | 'numeric'
  autoComplete?: string
}) {
  return (
    <EditorField {...props}>
      {(control) => <input {...control} type={type} inputMode={inputMode} autoComplete={autoComplete ?? 'off'} />}
    </EditorField>
  )
}

export function TextArea({ rows = 3, ...props }: BaseFieldProps & { rows?: number }) {
  return <EditorField {...props}>{(control) => <textarea {...control} rows={rows} />}</EditorField>
}

/** A switch: a real checkbox (works without JavaScript), styled as a toggle. */
export function Toggle({
  name,
  label,
  help,
  defaultChecked,
  checked,
  onChange,
  onLabel,
  offLabel,
}: {
  name: string
  label: string
  help?: string
  defaultChecked?: boolean
  checked?: boolean
  onChange?: (checked: boolean) => void
  onLabel: string
  offLabel: string
}) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-4">
      <div>
        <label htmlFor={id} className="font-bold text-slate-900">
          {label}
        </label>
        {help ? (
          <p id={`${id}-help`} className="mt-1 text-sm text-slate-600">
            {help}
          </p>
        ) : null}
      </div>
      <span className="relative inline-flex shrink-0 items-center gap-2">
        <input
          id={id}
          name={name}
          type="checkbox"
          role="switch"
          defaultChecked={defaultChecked}
          checked={checked}
          onChange={onChange ? (event) => onChange(event.target.checked) : undefined}
          aria-describedby={help ? `${id}-help` : undefined}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-blue-700 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute start-1 top-1 h-4 w-4 rounded-full bg-white transition-transform peer-checked:translate-x-5 rtl:peer-checked:-translate-x-5"
        />
        <span aria-hidden="true" className="hidden w-7 text-sm text-slate-700 peer-checked:inline">
          {onLabel}
        </span>
        <span aria-hidden="true" className="w-7 text-sm text-slate-700 peer-checked:hidden">
          {offLabel}
        </span>
      </span>
    </div>
  )
}
