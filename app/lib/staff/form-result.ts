/**
 * The answer every staff screen's action gives (sign-in, setup, staff accounts, the site editor),
 * and how a screen reads it. The server builds it with `form-result.server.ts`; this half is safe
 * for the browser.
 */

/** The outcome of a staff action, shown as a toast and, on the editor screens, on the page. */
export interface Feedback {
  variant: 'success' | 'destructive'
  title: string
  text?: string
}

/** Messages by field name; `FORM_ERROR` holds the one that is no single field's fault. */
export type FieldErrors = Record<string, string>

export const FORM_ERROR = 'form'

/** What an action answers: whether it worked, the field errors, what was sent (never a password), the feedback. */
export interface FormAnswer<V = unknown> {
  ok: boolean
  errors: FieldErrors
  values: V | undefined
  feedback: Feedback | null
}

type KeysOf<T> = T extends unknown ? keyof T : never
type ValueAt<T, K extends PropertyKey> = T extends unknown ? (K extends keyof T ? T[K] : undefined) : never

/** Any answer of an action, every key optional: before the first submission there is none. */
export type FormResult<A> = { [K in KeysOf<A>]?: ValueAt<A, K> } & Pick<FormAnswer, 'errors' | 'feedback'>

/** The screen's one way to read its action's answer (`actionData`), with no errors before a submission. */
export function formResult<A extends FormAnswer>(answer: A | undefined): FormResult<A> {
  return { ...answer, errors: answer?.errors ?? {}, feedback: answer?.feedback ?? null } as FormResult<A>
}
