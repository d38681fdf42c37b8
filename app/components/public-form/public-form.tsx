import { Suspense, lazy, type Ref } from 'react'
import { useFormAction, useSearchParams } from 'react-router'
import { answerElementId, answerJson, type FormPage, type PublicFormKind } from '~/lib/forms/page-answer'
import { HONEYPOT_FIELD, TOKEN_FIELD, kabulToday, type FieldErrorCode, type SubmissionResult } from '~/lib/forms/shared'
import type { PublicFormState } from '~/lib/forms/public-form-state'
import { usePublicForm, type FormSchema } from '~/lib/forms/use-public-form'
import { localizePath } from '~/lib/i18n/locale'
import { hasKeptRequests } from '~/lib/offline/kept-flag'
import { useRootData, type RootData } from '~/lib/site/root-data'
import type { PublicMessages } from '~/locales'
import { FailureNotice, SubmitButton, SuccessPanel, failureNotice, fieldErrorText } from '../form-feedback'
import { HoneypotField } from '../ui/field'
import { HydrateOnUse } from '../ui/hydrate-on-use'
import { useToast } from '../ui/toast'

/** Shown only when a request is kept on this device: loaded then (docs/decisions/022-offline.md). */
const KeptNotice = lazy(() => import('./kept-notice').then((module) => ({ default: module.KeptNotice })))

type SuccessSummary = Extract<SubmissionResult<string>, { status: 'success' }>['summary']

type FormsMessages = PublicMessages['forms']

/** What a field of the form needs from the shell: its id and name, and the error beside it. */
export interface FieldBinding<F extends string> {
  id: string
  name: F
  error?: string
  /** The error's code, for a field made of parts that marks the parts at fault (the Solar Hijri date). */
  errorCode?: FieldErrorCode
}

/** What the shell hands the form's fields. */
interface FieldsContext<K extends PublicFormKind, F extends string> {
  field: <N extends F>(name: N) => FieldBinding<N>
  /** The values to fill in again after a failed submission. */
  defaults: Partial<Record<F, string>>
  /** The values the errors shown are about: those of the last failed submission (else the defaults). */
  submitted: Partial<Record<F, string>>
  texts: FormsMessages[K]
  /** Shown after the label of an optional field. */
  optionalLabel: string
  page: FormPage
}

/** A public form: what it is, where it goes, its fields and its success texts. */
export interface PublicFormSpec<K extends PublicFormKind, F extends string> {
  /** Names the form's texts, its answer on the page, its ids, and marks its wrapper (`data-form`). */
  kind: K
  /** The form's own page (unprefixed), where submissions with JavaScript go (see usePublicForm). */
  page: string
  fields: readonly F[]
  /** Loads the form's schema (Zod) when someone starts filling the form, not with the page. */
  loadSchema: () => Promise<FormSchema>
  /** Whether to open the WhatsApp message after a successful save (the form's setting). */
  openWhatsapp: (settings: RootData['settings']) => boolean
  /** The thanks in the success panel and its toast. */
  successText: (texts: FormsMessages[K], summary: SuccessSummary) => string
  /** A line under the thanks in the success panel, repeating what was sent. */
  successDetails?: (texts: FormsMessages[K], summary: SuccessSummary) => string | undefined
  renderFields: (context: FieldsContext<K, F>) => React.ReactNode
}

/** What makes the form interactive in the browser; a form rendered on its own has none. */
interface FormControls {
  formRef: Ref<HTMLFormElement>
  noticeRef: Ref<HTMLDivElement>
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
  prepare: () => void
  /** Removes the request kept on this device. */
  discardKept: () => void
}

/**
 * What the public forms share (docs/product.md#forms): the form that posts without JavaScript, the
 * hidden token and honeypot, the notices and the success panel above it, the toasts and the submit
 * button. Each form brings what sets it apart in its spec: its fields and its success texts.
 */
export function PublicForm<K extends PublicFormKind, F extends string>({ spec }: { spec: PublicFormSpec<K, F> }) {
  return (
    <HydrateOnUse now={somethingToShow(spec.kind)}>
      <InteractivePublicForm spec={spec} />
    </HydrateOnUse>
  )
}

/**
 * Whether the form has something to show as soon as the page loads: the answer to a submission
 * sent without JavaScript, or a request kept on this device. Otherwise it is hydrated at first use.
 */
function somethingToShow(kind: PublicFormKind): boolean {
  return typeof document !== 'undefined' && (document.getElementById(answerElementId(kind)) !== null || hasKeptRequests())
}

function InteractivePublicForm<K extends PublicFormKind, F extends string>({ spec }: { spec: PublicFormSpec<K, F> }) {
  const root = useRootData()
  const action = useFormAction()
  const [search] = useSearchParams()
  const forms = root.messages.forms
  const texts = forms[spec.kind]
  const toast = useToast()

  const { state, formRef, noticeRef, onSubmit, prepare, discardKept } = usePublicForm({
    kind: spec.kind,
    fields: spec.fields,
    action: localizePath(spec.page, root.locale),
    loadSchema: spec.loadSchema,
    openWhatsapp: spec.openWhatsapp(root.settings),
    onSettled: (settled) => {
      if (settled.status === 'success') toast({ title: texts.successTitle, description: spec.successText(texts, settled.summary) })
      else {
        const notice = failureNotice(settled, texts, forms)
        if (notice) toast({ title: notice.title, description: notice.text, variant: 'destructive' })
      }
    },
  })

  return (
    <PublicFormView
      spec={spec}
      page={{ root, action, search, today: kabulToday() }}
      state={state}
      controls={{ formRef, noticeRef, onSubmit, prepare: () => void prepare(), discardKept }}
    />
  )
}

/**
 * The form as it shows: a function of its page and its state only. Its ids come from its kind (one
 * form of a kind per page), not from its place in the page, so that its success part rendered on
 * its own has the same ids (answer-from-copy.server.tsx).
 */
function PublicFormView<K extends PublicFormKind, F extends string>({
  spec,
  page,
  state: { result, fromPage, defaults, formKey, token, pending, kept },
  controls,
}: {
  spec: PublicFormSpec<K, F>
  page: FormPage
  state: PublicFormState<F>
  controls?: FormControls
}) {
  const { kind, renderFields } = spec
  const forms = page.root.messages.forms
  const texts = forms[kind]
  const id = `${kind}-form`
  const notice = failureNotice(result, texts, forms)
  const field = <N extends F>(name: N): FieldBinding<N> => ({
    id: `${id}-${name}`,
    name,
    error: fieldErrorText(result, name, forms),
    errorCode: result && 'fieldErrors' in result ? result.fieldErrors[name] : undefined,
  })
  const submitted = result && 'values' in result ? result.values : defaults
  const noticeRef = controls?.noticeRef ?? null

  return (
    <div className="space-y-4" data-form={kind}>
      {result?.status === 'success' ? (
        <FormSuccess spec={spec} texts={texts} result={result} fromPage={fromPage} noticeRef={noticeRef} />
      ) : (
        <>
          {notice ? <FailureNotice id={`${id}-notice`} noticeRef={noticeRef} live={fromPage} notice={notice} /> : null}
          {kept ? (
            <Suspense>
              <KeptNotice
                id={`${id}-kept`}
                kept={kept}
                texts={forms.kept}
                onDiscard={controls?.discardKept}
                // The notice above takes focus when there is one (a refusal); else this one.
                takeFocus={!notice}
              />
            </Suspense>
          ) : null}
          {fromPage && result ? <AnswerBlock kind={kind} result={result} /> : null}
        </>
      )}

      <form
        key={formKey}
        ref={controls?.formRef}
        method="post"
        action={page.action}
        noValidate
        onSubmit={controls?.onSubmit}
        onFocus={controls?.prepare}
        onPointerDown={controls?.prepare}
        aria-busy={pending || undefined}
      >
        <fieldset disabled={pending} className="space-y-4">
          <input type="hidden" name={TOKEN_FIELD} value={token} suppressHydrationWarning />
          <HoneypotField id={`${id}-website`} name={HONEYPOT_FIELD} label={forms.honeypotLabel} />
          {renderFields({ field, defaults, submitted, texts, optionalLabel: forms.optional, page })}
          <SubmitButton pending={pending} label={texts.submit} pendingLabel={forms.submitting} />
        </fieldset>
      </form>
    </div>
  )
}

/**
 * What a form shows above its fields once its request is saved: the success panel, and, when the
 * answer came with the page, its data block. The server also renders it alone into the cached copy
 * of the page (answer-from-copy.server.tsx), so it depends on its props only.
 */
export function FormSuccess<K extends PublicFormKind, F extends string>({
  spec: { kind, successText, successDetails },
  texts,
  result,
  fromPage,
  noticeRef = null,
}: {
  spec: PublicFormSpec<K, F>
  texts: FormsMessages[K]
  result: Extract<SubmissionResult<F>, { status: 'success' }>
  fromPage: boolean
  noticeRef?: Ref<HTMLDivElement>
}) {
  return (
    <>
      <SuccessPanel
        id={`${kind}-form-success`}
        noticeRef={noticeRef}
        live={fromPage}
        title={texts.successTitle}
        text={successText(texts, result.summary)}
        details={successDetails?.(texts, result.summary)}
        whatsappUrl={result.whatsappUrl}
        whatsappLabel={texts.whatsappLink}
      />
      {fromPage ? <AnswerBlock kind={kind} result={result} /> : null}
    </>
  )
}

function AnswerBlock({ kind, result }: { kind: PublicFormKind; result: SubmissionResult<string> }) {
  return <script type="application/json" id={answerElementId(kind)} dangerouslySetInnerHTML={{ __html: answerJson(result) }} />
}
