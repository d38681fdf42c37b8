import type { Route } from './+types/two-step'
import { qrCodeSvg } from '~/lib/contact/qr-code.server'
import { readForm } from '~/lib/platform/read-form.server'
import { database } from '~/lib/platform/db.server'
import { staffOf } from '~/lib/staff/staff-context.server'
import { formFailure, formSuccess, formUnreadable } from '~/lib/staff/form-result.server'
import { sessionToken } from '~/lib/staff/sessions.server'
import { staffSecretKey } from '~/lib/staff/two-step/key.server'
import { format } from '~/locales'
import { totpUri } from '~/lib/staff/two-step/totp.server'
import { confirmEnrollment, pendingSecret, startEnrollment, twoStepStatus } from '~/lib/staff/two-step/two-step.server'

/** The issuer name the authenticator app shows beside the account. */
const ISSUER = 'Kabul Dental staff'

export async function twoStepLoader({ context }: Route.LoaderArgs) {
  // Open while the account must still set up its two-step sign-in: this is where it does.
  const member = staffOf(context).account
  return { required: member.needsTwoStep, status: await twoStepStatus(await database(), member.id) }
}

/** What the page shows to scan: the QR code (inline SVG made on the server) and the key to type. */
async function scanStep(secret: string, username: string, label: string) {
  return { secret, qrSvg: await qrCodeSvg(totpUri(secret, username, ISSUER), label) }
}

/** Turning two-step sign-in on: `start` makes a secret to scan, `confirm` checks a first code and shows the recovery codes once. */
export async function twoStepAction({ request, context }: Route.ActionArgs) {
  const staff = staffOf(context)
  const member = staff.account
  const messages = staff.messages.admin
  const t = messages.twoStep
  const read = await readForm(request)
  if (!read.ok) return formUnreadable(read.status, t.failedTitle, messages.problems.formUnreadable)
  const db = await database()
  const key = staffSecretKey()
  const intent = String(read.form.get('intent') ?? '')
  if (intent === 'start') {
    const secret = await startEnrollment(db, member.id, key)
    if (!secret) return formFailure(409, { feedback: { variant: 'destructive', title: t.failedTitle, text: t.onText } })
    return formSuccess(null, { scan: await scanStep(secret, member.username, t.qrLabel) })
  }
  if (intent === 'confirm') {
    const code = String(read.form.get('code') ?? '').slice(0, 20)
    // Checked by default: the other sessions end (one that a stolen password opened, too).
    const endOthers = read.form.get('endOthers') === 'on'
    const confirmed = await confirmEnrollment(db, member, code, key, new Date(), {
      endOtherSessions: endOthers ? (sessionToken(request) ?? '') : undefined,
    })
    if (confirmed.ok) {
      const ended =
        confirmed.otherSessionsEnded > 0 ? ` ${format(messages.staffSecurity.othersEnded, { count: confirmed.otherSessionsEnded })}` : ''
      return formSuccess(
        { variant: 'success', title: t.onTitle, text: `${t.recoveryIntro}${ended}` },
        { recoveryCodes: confirmed.recoveryCodes },
      )
    }
    const secret = await pendingSecret(db, member.id, key)
    const text = confirmed.problem === 'wrong' ? t.wrong : t.notStarted
    return formFailure(
      400,
      { errors: { code: text }, feedback: { variant: 'destructive', title: t.failedTitle, text } },
      { scan: secret ? await scanStep(secret, member.username, t.qrLabel) : undefined },
    )
  }
  return formFailure(400, { feedback: { variant: 'destructive', title: t.failedTitle, text: messages.problems.formUnreadable } })
}
