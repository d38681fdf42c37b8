/**
 * How every staff action answers (see form-result.ts for the shape): a success, a refusal with its
 * status, field errors and the values to show again, and the reading of a form by its Zod schema.
 */
import { data } from 'react-router'
import type { z } from 'zod'
import { FORM_ERROR, type Feedback, type FieldErrors, type FormAnswer } from './form-result'

/**
 * What an action returns, for an action to declare when its answers carry different extras: the
 * union TypeScript infers would keep only the answer without them.
 */
export type FormReply<A extends FormAnswer> = A | ReturnType<typeof data<A>>

interface Parts<V> {
  errors?: FieldErrors
  values?: V
  feedback?: Feedback | null
}

/** A success; `extra` is what a screen needs beyond the feedback (the intent, a draft). */
export function formSuccess<X extends object = object>(feedback: Feedback | null, extra?: X) {
  return { ok: true as const, errors: {} as FieldErrors, values: undefined, feedback, ...(extra as X) }
}

/** A refusal with its HTTP status: 400 for invalid input, 401/403/404/409/429/500 as the case may be. */
export function formFailure<V = undefined, X extends object = object>(status: number, parts: Parts<V>, extra?: X) {
  const answer = { ok: false as const, errors: parts.errors ?? {}, values: parts.values, feedback: parts.feedback ?? null }
  return data({ ...answer, ...(extra as X) }, { status })
}

/** A body that is not a readable form (415, 400 or 413 from readForm): nothing done, the screen says so. */
export function formUnreadable<X extends object = object>(status: number, title: string, text: string, extra?: X) {
  return formFailure(status, { errors: { [FORM_ERROR]: text }, feedback: { variant: 'destructive', title, text } }, extra)
}

/**
 * The schema's refusal as status 400: the first issue of each field, as the text of its code
 * (the issue's message is a key of a message catalogue), under the form's field name.
 */
export function formInvalid<V = undefined, X extends object = object>(
  error: z.ZodError,
  text: (code: string) => string,
  parts: Omit<Parts<V>, 'errors'> & { rename?: (path: string) => string },
  extra?: X,
) {
  const errors: FieldErrors = {}
  for (const issue of error.issues) {
    const path = issue.path.map(String).join('.')
    const name = parts.rename ? parts.rename(path) : path
    if (!(name in errors)) errors[name] = text(issue.message)
  }
  return formFailure(400, { errors, values: parts.values, feedback: parts.feedback }, extra)
}

/** A form's fields as its schema reads them: the first value of each field the schema names. */
export function parseForm<S extends z.ZodObject>(schema: S, form: FormData): z.ZodSafeParseResult<z.output<S>> {
  const fields = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, form.get(name) ?? undefined]))
  return schema.safeParse(fields)
}

/** What was typed in the named text fields, to fill the form again (never name a password here). */
export function typedValues<K extends string>(form: FormData, names: readonly K[]): Record<K, string> {
  const read = (name: K) => {
    const value = form.get(name)
    // Enough for any of these fields; a huge value is not sent back.
    return typeof value === 'string' ? value.slice(0, 200) : ''
  }
  return Object.fromEntries(names.map((name) => [name, read(name)])) as Record<K, string>
}

/**
 * The tab a form was sent to open: a tab's submit button, pressed without JavaScript
 * (components/editor/tabs.tsx); null for any other submission.
 */
export function switchedTab(form: FormData, param = 'tab'): string | null {
  const value = form.get(param)
  return typeof value === 'string' ? value : null
}

/** The answer to a tab switch: nothing saved, and what was typed in every tab back with `tab` open. */
export function tabAnswer<V, X extends object = object>(tab: string, values: V, extra?: X) {
  return formSuccess(null, { ...extra, values, tab })
}
