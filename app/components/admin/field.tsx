import { FieldHints } from '~/components/ui/field'
import { adminInput, adminLabel } from './ui'

/** What a labelled control receives: its id, and its error and help tied to it. */
export interface ControlWiring {
  id: string
  'aria-invalid'?: true
  'aria-describedby'?: string
}

interface LabelledFieldProps {
  id: string
  label: React.ReactNode
  labelClassName?: string
  error?: string
  help?: string
}

/** Every staff form's field: the label, the control `children` draws with the wiring given, then its error and help. */
export function LabelledField({
  id,
  label,
  labelClassName = adminLabel,
  error,
  help,
  children,
}: LabelledFieldProps & { children: (wiring: ControlWiring) => React.ReactNode }) {
  const errorId = error ? `${id}-error` : undefined
  const helpId = help ? `${id}-help` : undefined
  return (
    <div>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': [errorId, helpId].filter(Boolean).join(' ') || undefined,
      })}
      <FieldHints error={error} errorId={errorId} help={help} helpId={helpId} />
    </div>
  )
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'aria-invalid' | 'aria-describedby'>

/** A text input of the sign-in, setup and staff forms, with its label, error and help. */
export function AdminTextField({ id, label, labelClassName, error, help, ...input }: LabelledFieldProps & InputProps) {
  return (
    <LabelledField id={id} label={label} labelClassName={labelClassName} error={error} help={help}>
      {(wiring) => <input {...input} {...wiring} className={`${adminInput} mt-1`} />}
    </LabelledField>
  )
}
