import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import { useActionData, useFetcher } from 'react-router'
import { hasKeptRequests } from '../offline/kept-flag'
import type { KeptRequest } from '../offline/kept-requests'
import { answerOnPage, isSubmissionResult, markAnswerRead, type PublicFormKind } from './page-answer'
import { startingState, type KeptState, type PublicFormState } from './public-form-state'
import { TOKEN_FIELD, fieldErrors, formValues, randomToken, type ParseIssues, type SubmissionResult } from './shared'

/** The part of a Zod schema the browser uses. */
export interface FormSchema {
  safeParse(values: unknown): { success: true } | { success: false; error: ParseIssues }
}

export interface PublicFormOptions<F extends string> {
  /** Which form: names the answer the page may carry for it (page-answer.ts). */
  kind: PublicFormKind
  fields: readonly F[]
  /**
   * Where submissions with JavaScript go: the form's own page, whose clientAction turns a network
   * failure into an answer. Without JavaScript the form posts to the page it is on.
   */
  action: string
  /** Loads the form's schema; called on the first interaction with the form. */
  loadSchema: () => Promise<FormSchema>
  /** Whether to open the pre-filled WhatsApp message after a successful save (settings). */
  openWhatsapp: boolean
  /** Called once per finished submission (a toast). */
  onSettled: (result: SubmissionResult<F>) => void
}

interface InFlight {
  formData: FormData
  /** Where it is sent: the form's page, or, for a kept request, the page it was filled in on. */
  action: string
  /** The tab opened during the click, waiting for the WhatsApp link (or to be closed). */
  popup: Window | null
  retried: boolean
}

type FocusTarget<F> = { target: 'notice' | 'success' | F; id: number }

/** The IndexedDB code, loaded only when a request is to be kept or the mark says one is. */
const loadKept = () => import('../offline/kept-requests')

/**
 * The state and the submit handler of a public form. Without JavaScript the form is a plain POST
 * to the page, and the page comes back with the answer (the server reads it with useActionData,
 * the browser from the page, page-answer.ts), which fills the form in again; with JavaScript
 * the same answer arrives through a fetcher, after the browser has checked the form with the same
 * schema, and a failed attempt that never reached the server is retried once with the same token
 * (the server stores one row per token and values).
 */
export function usePublicForm<F extends string>(options: PublicFormOptions<F>) {
  const optionsRef = useRef(options)
  useLayoutEffect(() => {
    optionsRef.current = options
  })

  const actionData = useActionData()
  const [initial] = useState(() => {
    const answer =
      typeof document === 'undefined' ? (isSubmissionResult<F>(actionData) ? actionData : undefined) : answerOnPage<F>(options.kind)
    return startingState(answer, randomToken())
  })
  const fetcher = useFetcher<SubmissionResult<F>>()

  const [result, setResult] = useState(initial.result)
  const [fromPage, setFromPage] = useState(initial.fromPage)
  const [defaults, setDefaults] = useState(initial.defaults)
  const [formKey, setFormKey] = useState(initial.formKey)
  const echoedToken = initial.result && 'token' in initial.result ? initial.result.token : undefined
  const [token, setToken] = useState(initial.token)
  const [pending, setPending] = useState(initial.pending)
  const [focus, setFocus] = useState<FocusTarget<F>>()
  const [kept, setKept] = useState<KeptState | null>(null)
  /** The record behind `kept` (its fields, its token, where it goes). */
  const keptRecord = useRef<KeptRequest | null>(null)

  const formRef = useRef<HTMLFormElement>(null)
  const noticeRef = useRef<HTMLDivElement>(null)
  const inFlight = useRef<InFlight | null>(null)
  const handled = useRef<unknown>(null)
  const schema = useRef<FormSchema | null>(null)
  const schemaLoad = useRef<Promise<FormSchema> | null>(null)

  // A page served from a cache must not share its token with other visitors: draw a new one here,
  // unless the server handed back the token of a submission that did not go through.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- a value only the browser may draw, after hydration
    if (!echoedToken) setToken(randomToken())
  }, [echoedToken])

  // The page's answer belongs to this form: a form mounted later must not show it again.
  useEffect(() => markAnswerRead(options.kind), [options.kind])

  const loadSchema = useCallback(() => {
    schemaLoad.current ??= optionsRef.current.loadSchema().then((loaded) => (schema.current = loaded))
    return schemaLoad.current
  }, [])

  const settle = useCallback((next: SubmissionResult<F>) => {
    setResult(next)
    setFromPage(false)
    setPending(false)
    const firstInvalid = next.status === 'invalid' ? optionsRef.current.fields.find((field) => next.fieldErrors[field]) : undefined
    setFocus({ target: next.status === 'success' ? 'success' : (firstInvalid ?? 'notice'), id: Date.now() })
    optionsRef.current.onSettled(next)
  }, [])

  const send = useCallback(
    (formData: FormData, action: string) => {
      void fetcher.submit(formData, {
        method: 'post',
        action,
        // Nothing else on the page changes when a form is sent.
        defaultShouldRevalidate: false,
      })
    },
    [fetcher],
  )

  /** Shows a kept request in the form: its values and token, and the notice saying where it is. */
  const showKept = useCallback((record: KeptRequest, status: KeptState) => {
    keptRecord.current = status === 'expired' ? null : record
    setKept(status)
    setResult(undefined)
    if (status !== 'expired') {
      setDefaults(Object.fromEntries(record.entries) as Partial<Record<F, string>>)
      setToken(record.token)
      setFormKey((key) => key + 1)
    }
    setPending(false)
  }, [])

  /**
   * Keeps on this device a request that could not be sent (docs/decisions/022-offline.md), and asks
   * the service worker to send it when the connection returns (Background Sync, where the browser
   * has it). When it cannot be kept, the form shows the usual network notice.
   */
  const keepRequest = useCallback(
    async (formData: FormData, action: string) => {
      try {
        showKept(await (await loadKept()).keepForm(optionsRef.current.kind, formData, action), 'waiting')
      } catch {
        settle({ status: 'unavailable' })
      }
    },
    [settle, showKept],
  )

  /** Sends the kept request (the connection is back, or the page opened with one kept). */
  const sendKept = useCallback(() => {
    const record = keptRecord.current
    if (!record || record.answer !== undefined || inFlight.current) return
    const formData = new FormData()
    record.entries.forEach(([name, value]) => formData.append(name, value))
    inFlight.current = { formData, action: record.action, popup: null, retried: false }
    setPending(true)
    send(formData, record.action)
  }, [send])
  // The effects below call the latest sendKept without running again when the fetcher changes.
  const sendKeptRef = useRef(sendKept)
  useLayoutEffect(() => {
    sendKeptRef.current = sendKept
  })

  /** Removes the kept request: the form starts again, empty. */
  const discardKept = useCallback(() => {
    const form = optionsRef.current.kind
    keptRecord.current = null
    setKept(null)
    setResult(undefined)
    setDefaults({})
    setFormKey((key) => key + 1)
    setToken(randomToken())
    void loadKept().then((store) => store.remove(form))
  }, [])

  // A request kept at an earlier visit: shown in the form, and sent at once when online. Only the
  // mark in localStorage is read unless something is kept (kept-flag.ts). The service worker says
  // when it has sent one (Background Sync, kept-requests.ts): its answer is shown the same way.
  const openKept = useCallback(() => {
    void loadKept()
      .then((store) => store.findKept(optionsRef.current.kind, (answer) => isSubmissionResult(answer) && answer.status === 'success'))
      .then((found) => {
        if (!found) return
        // Sent by the service worker while no page was open: its success, shown once.
        if (found.state === 'answered') return settle(found.answer as SubmissionResult<F>)
        showKept(found.record, found.state)
        if (found.state === 'refused') settle(found.record.answer as SubmissionResult<F>)
        else if (found.state === 'waiting' && navigator.onLine !== false) sendKeptRef.current()
      })
      .catch(() => undefined)
  }, [settle, showKept])
  useEffect(() => {
    if (!echoedToken && hasKeptRequests()) openKept()
  }, [echoedToken, openKept])

  // While a request is kept: sent when the connection is back, shown again when the worker sent it.
  const keeping = kept !== null
  useEffect(() => {
    let stop: (() => void) | undefined
    if (keeping) void loadKept().then((store) => (stop = store.watch(optionsRef.current.kind, () => sendKeptRef.current(), openKept)))
    return () => stop?.()
  }, [keeping, openKept])

  const validateAndSend = useCallback(
    (formData: FormData, loaded: FormSchema | null) => {
      const { fields, openWhatsapp, action } = optionsRef.current
      if (loaded) {
        const values = formValues(formData, fields)
        const parsed = loaded.safeParse(values)
        if (!parsed.success) {
          settle({ status: 'invalid', values, fieldErrors: fieldErrors<F>(parsed.error), token: String(formData.get(TOKEN_FIELD) ?? '') })
          return
        }
      }
      // No connection: kept on this phone at once, to be sent when it returns.
      if (navigator.onLine === false) {
        void keepRequest(formData, action)
        return
      }
      // Opened now, while the click still counts as the person's own action (popup blockers allow
      // that); it gets the WhatsApp link once the request is saved, and is closed if it is not.
      const popup = openWhatsapp ? openBlankTab() : null
      inFlight.current = { formData, action, popup, retried: false }
      setPending(true)
      send(formData, action)
    },
    [keepRequest, send, settle],
  )

  const onSubmit = useCallback(
    (event: React.FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      if (inFlight.current || pending) return
      // Read the values before the fieldset is disabled (disabled fields are not part of a form's data).
      const formData = new FormData(event.currentTarget)
      if (schema.current) {
        validateAndSend(formData, schema.current)
        return
      }
      setPending(true)
      loadSchema().then(
        (loaded) => validateAndSend(formData, loaded),
        // The schema could not be loaded (offline?): the server checks the form anyway.
        () => validateAndSend(formData, null),
      )
    },
    [loadSchema, pending, validateAndSend],
  )

  // The fetcher's answer: retry once what did not reach the server or could not be saved, then
  // settle. What still cannot reach the server is kept on this device; a kept request's record
  // follows its answer (removed once saved, kept with a refusal to show it again).
  useEffect(() => {
    const answer = fetcher.data
    const current = inFlight.current
    if (fetcher.state !== 'idle' || !answer || !current || handled.current === answer) return
    handled.current = answer
    if ((answer.status === 'unavailable' || answer.status === 'error') && !current.retried) {
      current.retried = true
      send(current.formData, current.action)
      return
    }
    inFlight.current = null
    const record = keptRecord.current
    if (answer.status === 'unavailable') {
      current.popup?.close()
      void keepRequest(current.formData, current.action)
      return
    }
    if (answer.status === 'success') {
      if (current.popup && !current.popup.closed) {
        if (answer.openWhatsapp) current.popup.location.href = answer.whatsappUrl
        else current.popup.close()
      }
      if (record) void loadKept().then((store) => store.remove(record.form))
      keptRecord.current = null
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the fetcher's answer arrives as render data
      setKept(null)
      setDefaults({})
      setFormKey((key) => key + 1)
      setToken(randomToken())
    } else {
      current.popup?.close()
      // A kept request the server refused stays on this device with its answer, shown in the form
      // until it is corrected and sent, or discarded. One it could not save waits to be sent again.
      if (record && answer.status !== 'error')
        void loadKept()
          .then((store) => store.keepForm(record.form, current.formData, record.action, answer))
          .then((refused) => {
            keptRecord.current = refused
            setKept('refused')
          })
    }
    settle(answer)
  }, [fetcher.state, fetcher.data, keepRequest, send, settle])

  // After a submission, move focus to the success panel, the first invalid field or the notice.
  useEffect(() => {
    if (!focus) return
    if (focus.target === 'success' || focus.target === 'notice') {
      noticeRef.current?.focus()
      return
    }
    const control = formRef.current?.elements.namedItem(focus.target)
    // A field made of parts (a fieldset named after it, like the Solar Hijri date): its first part at fault.
    const target =
      control instanceof HTMLFieldSetElement ? (control.querySelector('[aria-invalid="true"]') ?? control.elements.item(0)) : control
    if (target instanceof HTMLElement) target.focus()
  }, [focus])

  const state: PublicFormState<F> = { result, fromPage, defaults, formKey, token, pending, kept }
  return {
    state,
    formRef,
    noticeRef,
    onSubmit,
    /** Removes the request kept on this device. */
    discardKept,
    /** Give to the form's onFocus and onPointerDown: loads the schema before it is needed. */
    prepare: loadSchema,
  }
}

function openBlankTab(): Window | null {
  try {
    const tab = window.open('', '_blank')
    // The new tab gets no handle on this page; this page keeps its handle to send the tab on.
    if (tab) tab.opener = null
    return tab
  } catch {
    return null
  }
}
