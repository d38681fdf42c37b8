import { Form } from 'react-router'
import { AdminTextField } from '~/components/admin/field'
import { adminSecondaryButton } from '~/components/ui/button'

/** An account's e-mail address for reset links: on the account page (one's own) and on the Staff screen (an administrator's edit). */
export function StaffEmailForm({
  id,
  accountId,
  email,
  label,
  submit,
  busy,
  error,
  help,
  compact = false,
}: {
  id: string
  /** The account edited from the Staff screen; none on one's own account page. */
  accountId?: number
  email: string | null
  label: string
  submit: string
  busy: boolean
  error?: string
  help?: string
  compact?: boolean
}) {
  return (
    <Form method="post" className={compact ? 'flex flex-wrap items-end gap-2' : 'mt-4 grid gap-4'}>
      {accountId !== undefined ? <input type="hidden" name="id" value={accountId} /> : null}
      <AdminTextField
        id={id}
        name="email"
        type="email"
        label={label}
        labelClassName={compact ? 'block text-xs font-medium text-slate-700' : undefined}
        autoComplete={accountId === undefined ? 'email' : 'off'}
        maxLength={254}
        defaultValue={email ?? ''}
        help={help}
        error={error}
      />
      <div>
        <button type="submit" name="intent" value="email" disabled={busy} className={adminSecondaryButton}>
          {submit}
        </button>
      </div>
    </Form>
  )
}
