import { Form } from 'react-router'
import { StaffEmailForm } from '~/components/admin/staff-email-form'
import { adminCard } from '~/components/admin/ui'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { format, type Messages } from '~/locales'

/** The Staff screen's rule: two-step sign-in required for every account, or left to each member. */
export function TwoStepPolicy({ required, messages, busy }: { required: boolean; messages: Messages['admin']; busy: boolean }) {
  const t = messages.staffSecurity
  return (
    <section className={`${adminCard} mt-6`} aria-labelledby="two-step-policy-heading">
      <h2 id="two-step-policy-heading" className="text-lg font-semibold">
        {t.policyHeading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t.policyText}</p>
      <p className="mt-2 text-sm font-medium" data-testid="two-step-policy">
        {required ? t.policyOn : t.policyOff}
      </p>
      <Form method="post" className="mt-3">
        <input type="hidden" name="intent" value="two-factor-policy" />
        <input type="hidden" name="required" value={required ? 'off' : 'on'} />
        <button type="submit" disabled={busy} className={required ? adminSecondaryButton : adminButton}>
          {required ? t.optionalSubmit : t.requireSubmit}
        </button>
      </Form>
    </section>
  )
}

/** One account's row on the Staff screen: its e-mail address for reset links, and signing it out everywhere. */
export function AccountSecurity({
  account,
  messages,
  busy,
  emailError,
  typedEmail,
}: {
  account: { id: number; displayName: string; email: string | null }
  messages: Messages['admin']
  busy: boolean
  emailError?: string
  typedEmail?: string
}) {
  const t = messages.staffSecurity
  return (
    <>
      <StaffEmailForm
        id={`email-${account.id}`}
        accountId={account.id}
        email={typedEmail ?? account.email}
        label={format(t.emailOf, { name: account.displayName })}
        submit={t.emailSubmit}
        busy={busy}
        error={emailError}
        compact
      />
      <Form method="post">
        <input type="hidden" name="id" value={account.id} />
        <button
          type="submit"
          name="intent"
          value="sign-out-all"
          disabled={busy}
          className={adminSecondaryButton}
          aria-label={format(t.signOutAllOf, { name: account.displayName })}
        >
          {t.signOutAll}
        </button>
      </Form>
    </>
  )
}
