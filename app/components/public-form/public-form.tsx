import { useId } from 'react'
import { Form } from 'react-router'
import { HONEYPOT_FIELD, TOKEN_FIELD, type FieldErrorCode, type SubmissionResult } from '~/lib/forms/shared'
import { usePublicForm, type FormSchema } from '~/lib/forms/use-public-form'
import { useLocalizedPath, useRootData } from '~/lib/site/root-data'
import type { PublicMessages } from '~/locales'
import { FailureNotice, SubmitButton, SuccessPanel, failureNotice, fieldErrorText } from '../form-feedback'
import { HoneypotField } from '../ui/field'
import { useToast } from '../ui/toast'

type SuccessSummary = Extract<SubmissionResult<string>, { status: 'success' }>['summary']

type FormsMessages = PublicMessages['forms']
/** A public form, named as its texts are in `messages.forms`. */
type FormKind = 'appointment' | 'registration'

/** What a field of the form needs from the shell: its id and name, and the error beside it. */
export interface FieldBinding<F extends string> {
  id: string
  name: F
  error?: string
  /** The error's code, for a field made of parts that marks the parts at fault (the Solar Hijri date). */
  errorCode?: FieldErrorCode
}

/** What the shell hands the form's fields. */
interface FieldsContext<K extends FormKind, F extends string> {
  field: <N extends F>(name: N) => FieldBinding<N>
  /** The values to fill in again after a failed submission. */
  defaults: Partial<Record<F, string>>
  /** The values the errors shown are about: those of the last failed submission (else the defaults). */
  submitted: Partial<Record<F, string>>
  texts: FormsMessages[K]
  /** Shown after the label of an optional field. */
  optionalLabel: string
}

/** What a form is, where it goes and how the browser checks it. */
interface PublicFormDefinition<K extends FormKind, F extends string> {
  /** Names the form's texts, and marks its wrapper (`data-form`). */
  kind: K
  /** The form's own page (unprefixed), where submissions with JavaScript go (see usePublicForm). */
  page: string
  fields: readonly F[]
  /** Loads the form's schema (Zod) when someone starts filling the form, not with the page. */
  loadSchema: () => Promise<FormSchema>
}

interface PublicFormProps<K extends FormKind, F extends string> {
  form: PublicFormDefinition<K, F>
  /** Whether to open the WhatsApp message after a successful save (the form's setting). */
  openWhatsapp: boolean
  /** The thanks in the success panel and its toast. */
  successText: (texts: FormsMessages[K], summary: SuccessSummary) => string
  /** A line under the thanks in the success panel, repeating what was sent. */
  successDetails?: (texts: FormsMessages[K], summary: SuccessSummary) => string | undefined
  children: (context: FieldsContext<K, F>) => React.ReactNode
}

/**
 * What the public forms share (docs/product.md#forms): the form that posts without JavaScript, the
 * hidden token and honeypot, the notices and the success panel above it, the toasts and the submit
 * button. Each form brings what sets it apart: its definition, its fields and its success texts.
 */
export function PublicForm<K extends FormKind, F extends string>({
  form: { kind, page, fields, loadSchema },
  openWhatsapp,
  successText,
  successDetails,
  children,
}: PublicFormProps<K, F>) {
  const forms = useRootData().messages.forms
  const texts = forms[kind]
  const localizedPath = useLocalizedPath()
  const toast = useToast()
  const id = useId()

  const { result, fromPage, defaults, formKey, token, pending, formRef, noticeRef, onSubmit, prepare } = usePublicForm({
    fields,
    action: localizedPath(page),
    loadSchema,
    openWhatsapp,
    onSettled: (settled) => {
      if (settled.status === 'success') toast({ title: texts.successTitle, description: successText(texts, settled.summary) })
      else {
        const notice = failureNotice(settled, texts, forms)
        if (notice) toast({ title: notice.title, description: notice.text, variant: 'destructive' })
      }
    },
  })

  const notice = failureNotice(result, texts, forms)
  const field = <N extends F>(name: N): FieldBinding<N> => ({
    id: `${id}-${name}`,
    name,
    error: fieldErrorText(result, name, forms),
    errorCode: result && 'fieldErrors' in result ? result.fieldErrors[name] : undefined,
  })
  const submitted = result && 'values' in result ? result.values : defaults

  return (
    <div className="space-y-4" data-form={kind}>
      {result?.status === 'success' ? (
        <SuccessPanel
          id={`${id}-success`}
          noticeRef={noticeRef}
          live={fromPage}
          title={texts.successTitle}
          text={successText(texts, result.summary)}
          details={successDetails?.(texts, result.summary)}
          whatsappUrl={result.whatsappUrl}
          whatsappLabel={texts.whatsappLink}
        />
      ) : notice ? (
        <FailureNotice id={`${id}-notice`} noticeRef={noticeRef} live={fromPage} notice={notice} />
      ) : null}

      <Form
        key={formKey}
        ref={formRef}
        method="post"
        noValidate
        onSubmit={onSubmit}
        onFocus={prepare}
        onPointerDown={prepare}
        aria-busy={pending || undefined}
      >
        <fieldset disabled={pending} className="space-y-4">
          <input type="hidden" name={TOKEN_FIELD} value={token} suppressHydrationWarning />
          <HoneypotField id={`${id}-website`} name={HONEYPOT_FIELD} label={forms.honeypotLabel} />
          {children({ field, defaults, submitted, texts, optionalLabel: forms.optional })}
          <SubmitButton pending={pending} label={texts.submit} pendingLabel={forms.submitting} />
        </fieldset>
      </Form>
    </div>
  )
}
