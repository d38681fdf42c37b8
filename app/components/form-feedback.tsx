import type { Ref } from 'react'
import { FIELD_LIMITS, MISSING_CODES, type FieldErrorCode, type SubmissionResult } from '~/lib/forms/shared'
import { format } from '~/locales'
import type { PublicMessages } from '~/locales'
import { Notice } from './ui/field'

type FormsMessages = PublicMessages['forms']

/** The texts a form brings for the notices that name it (the appointment's or the registration's texts). */
export interface FormNoticeTexts {
  incompleteTitle: string
  incompleteText: string
  errorTitle: string
  errorText: string
}

/** The title and text of the notice for a failed submission (also the toast's, with JavaScript). */
export function failureNotice(
  result: SubmissionResult<string> | undefined,
  texts: FormNoticeTexts,
  forms: FormsMessages,
): { title: string; text: string } | null {
  if (!result || result.status === 'success') return null
  const notices = forms.notices
  switch (result.status) {
    case 'invalid': {
      const codes = Object.values(result.fieldErrors) as FieldErrorCode[]
      return codes.some((code) => MISSING_CODES.includes(code))
        ? { title: texts.incompleteTitle, text: texts.incompleteText }
        : { title: notices.invalidTitle, text: notices.invalidText }
    }
    case 'rate-limited':
      return {
        title: notices.rateLimitedTitle,
        text: format(notices.rateLimitedText, { minutes: result.retryAfterMinutes ?? 1 }),
      }
    case 'spam':
      return { title: notices.spamTitle, text: notices.spamText }
    case 'expired':
      return { title: notices.expiredTitle, text: notices.expiredText }
    case 'error':
    case 'unavailable':
      return { title: texts.errorTitle, text: texts.errorText }
  }
}

/** The message next to a field, or undefined. */
export function fieldErrorText<F extends string>(
  result: SubmissionResult<F> | undefined,
  field: F,
  forms: FormsMessages,
): string | undefined {
  if (!result || !('fieldErrors' in result)) return undefined
  const code = result.fieldErrors[field]
  if (!code) return undefined
  const max = (FIELD_LIMITS as Record<string, number>)[field] ?? 0
  return format(forms.errors[code], { max })
}

export function FailureNotice({
  id,
  notice,
  live,
  noticeRef,
}: {
  id: string
  notice: { title: string; text: string }
  live: boolean
  noticeRef: Ref<HTMLDivElement>
}) {
  return <Notice ref={noticeRef} id={id} variant="destructive" title={notice.title} text={notice.text} live={live} />
}

/** The success panel: the thanks, what was sent, and the WhatsApp message as a link. */
export function SuccessPanel({
  id,
  title,
  text,
  details,
  whatsappUrl,
  whatsappLabel,
  live,
  noticeRef,
}: {
  id: string
  title: string
  text: string
  details?: string
  whatsappUrl: string
  whatsappLabel: string
  live: boolean
  noticeRef: Ref<HTMLDivElement>
}) {
  return (
    <Notice ref={noticeRef} id={id} variant="success" title={title} text={text} live={live}>
      {details ? <p className="mt-1 text-sm">{details}</p> : null}
      <a
        href={whatsappUrl}
        target="_blank"
        rel="noopener noreferrer"
        className="mt-3 inline-block rounded-md bg-[#0e6f64] px-4 py-2 text-sm font-bold text-white hover:bg-[#0b5a51] focus:outline-none focus-visible:ring-2 focus-visible:ring-offset-2"
      >
        {whatsappLabel}
      </a>
    </Notice>
  )
}

export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <button
      type="submit"
      className="w-full rounded-md bg-primary px-5 py-3 font-bold text-white hover:opacity-90 focus:outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-70"
    >
      {pending ? pendingLabel : label}
    </button>
  )
}
