import { forwardRef } from 'react'

/** What a form control needs to be labelled and tied to its help and error text. */
interface ControlProps {
  id: string
  name: string
  required?: boolean
  'aria-required'?: true
  'aria-invalid'?: true
  'aria-describedby'?: string
  className: string
}

interface FieldProps {
  id: string
  name: string
  label: string
  required?: boolean
  /** Shown after the label of an optional field, e.g. 'optional'. */
  optionalLabel?: string
  help?: string
  error?: string
  children: (control: ControlProps) => React.ReactNode
}

export const controlClassName =
  'block w-full rounded-md border bg-white px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-2 focus:ring-primary disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-600'

/**
 * A label, a control, help text and an error message. The control gets aria-describedby (help and
 * error), aria-invalid while there is an error, and `required`; a required field's label shows an
 * asterisk, an optional one says so.
 */
export function Field({ id, name, label, required, optionalLabel, help, error, children }: FieldProps) {
  const helpId = help ? `${id}-help` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [errorId, helpId].filter(Boolean).join(' ') || undefined
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-bold text-slate-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="ms-0.5 text-red-700">
            *
          </span>
        ) : optionalLabel ? (
          <span className="ms-1 text-xs font-normal text-slate-600">({optionalLabel})</span>
        ) : null}
      </label>
      {children({
        id,
        name,
        required: required || undefined,
        'aria-required': required ? true : undefined,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        className: `${controlClassName} ${error ? 'border-red-700' : 'border-slate-300'}`,
      })}
      <FieldHints error={error} errorId={errorId} help={help} helpId={helpId} />
    </div>
  )
}

/** Under a control: its error message, then its help text, with the ids its aria-describedby names. */
export function FieldHints({ error, errorId, help, helpId }: { error?: string; errorId?: string; help?: string; helpId?: string }) {
  return (
    <>
      {error ? (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      {help ? (
        <p id={helpId} className="mt-1 text-xs text-slate-600">
          {help}
        </p>
      ) : null}
    </>
  )
}

interface NoticeProps {
  id: string
  title: string
  text: string
  variant: 'destructive' | 'success'
  /**
   * Announce it as a live region (alert or status). Set for a page the server rendered after a
   * submission; after a submission with JavaScript the toast announces and the notice takes focus.
   */
  live?: boolean
  children?: React.ReactNode
}

/**
 * A notice above a form: an error that is not one field's fault, or the success panel. It can take
 * focus (tabIndex -1), so that screen readers read it and the page scrolls to it.
 */
export const Notice = forwardRef<HTMLDivElement, NoticeProps>(function Notice({ id, title, text, variant, live, children }, ref) {
  return (
    <div
      ref={ref}
      id={id}
      tabIndex={-1}
      role={live ? (variant === 'success' ? 'status' : 'alert') : undefined}
      aria-labelledby={`${id}-title`}
      data-variant={variant}
      className={`rounded-lg border p-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary ${
        variant === 'destructive' ? 'border-red-700 bg-red-50 text-red-900' : 'border-green-700 bg-green-50 text-green-900'
      }`}
    >
      <p id={`${id}-title`} className="font-bold">
        {title}
      </p>
      <p className="mt-1 text-sm">{text}</p>
      {children}
    </div>
  )
})

/**
 * The honeypot: a text input that people neither see nor reach (visually hidden, hidden from
 * assistive technology, out of the tab order, never auto-filled) and that robots fill in.
 */
export function HoneypotField({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div aria-hidden="true" className="sr-only">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  )
}
