/**
 * The answer to a form sent without JavaScript travels in the page, beside the form, as a JSON data
 * block (never run as a script). The browser reads its form's answer from there when the page
 * hydrates, whether the server rendered the whole page or put the form into a cached copy of it
 * (components/public-form/answer-page.server.tsx). A block is read once: a form mounted later (a client-side navigation)
 * starts empty.
 */
import type { RootData } from '../site/root-data'
import type { SubmissionResult } from './shared'

export type PublicFormKind = 'appointment' | 'registration'

/**
 * What the page gives a form. In the browser and in a page rendered whole it is read from the
 * router; the server gives it to a form rendered on its own (components/public-form/answer-page.server.tsx).
 */
export interface FormPage {
  root: RootData
  /** Where the form posts without JavaScript: the page it is on. */
  action: string
  /** The page's query (`?course=` preselects a course). */
  search: URLSearchParams
  /** Today in Kabul (YYYY-MM-DD). */
  today: string
}

/** A cached page as sent: its bytes and its Content-Security-Policy (hashes of its inline scripts). */
export interface PageCopy {
  body: Buffer
  policy: string
  /** The public form the page shows, as the copy has it; null when it shows none. */
  form: CopyForm | null
}

/** A page's public form: which one, and the page it was rendered on (its texts, action and day). */
export interface CopyForm {
  kind: PublicFormKind
  page: FormPage
}

/** What a public form's action answered: the result the page shows, with its HTTP status. */
export interface FormAnswer<F extends string = string> {
  result: SubmissionResult<F>
  status: number
}

/**
 * What a route with a public form declares (`export const handle`): the server may then make its
 * answer to a form sent without JavaScript from the page's cached copy (components/public-form/answer-page.server.tsx).
 */
export interface PublicFormHandle {
  publicForm: PublicFormKind
}

export function answerElementId(kind: PublicFormKind): string {
  return `${kind}-answer`
}

/** The answer as the block's text: JSON that cannot end the script element or open a comment. */
export function answerJson(result: SubmissionResult<string>): string {
  return JSON.stringify(result)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}

const read = new WeakSet<Element>()

/** The answer in the page for this form, unless a form has already taken it. */
export function answerOnPage<F extends string>(kind: PublicFormKind): SubmissionResult<F> | undefined {
  const element = document.getElementById(answerElementId(kind))
  if (!element || read.has(element)) return undefined
  try {
    const value: unknown = JSON.parse(element.textContent ?? '')
    return isSubmissionResult<F>(value) ? value : undefined
  } catch {
    return undefined
  }
}

/** Marks the page's answer for this form as taken (after the form that showed it has mounted). */
export function markAnswerRead(kind: PublicFormKind): void {
  const element = document.getElementById(answerElementId(kind))
  if (element) read.add(element)
}

export function isSubmissionResult<F extends string>(value: unknown): value is SubmissionResult<F> {
  return typeof value === 'object' && value !== null && 'status' in value && typeof value.status === 'string'
}
