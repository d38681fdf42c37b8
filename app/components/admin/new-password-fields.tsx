import { useEffect, useRef } from 'react'
import { MIN_PASSWORD_LENGTH } from '~/lib/staff/password-length'
import { AdminTextField } from './field'

/**
 * A new password and the same again (account, reset link, first setup): the browser may offer to
 * make one up, checks the length the server asks for, and the server's errors stand beside each.
 * The fields are `password` and `repeatName`; their ids are the names, after `idPrefix-` if given.
 */
export function NewPasswordFields({
  idPrefix,
  repeatName = 'repeat',
  labels,
  help,
  errors,
}: {
  idPrefix?: string
  repeatName?: 'repeat' | 'confirm'
  labels: { password: string; repeat: string }
  help: string
  errors: Partial<Record<string, string>>
}) {
  const id = (name: string) => (idPrefix ? `${idPrefix}-${name}` : name)
  return (
    <>
      <AdminTextField
        id={id('password')}
        name="password"
        type="password"
        label={labels.password}
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        help={help}
        error={errors.password}
      />
      <AdminTextField
        id={id(repeatName)}
        name={repeatName}
        type="password"
        label={labels.repeat}
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        error={errors[repeatName]}
      />
    </>
  )
}

/**
 * The ref for a form of passwords, which are never kept: after every answer (`actionData`) its fields
 * are empty, as after a page load without JavaScript.
 */
export function useEmptiedAfterAnswer(actionData: unknown) {
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    if (actionData) form.current?.reset()
  }, [actionData])
  return form
}
