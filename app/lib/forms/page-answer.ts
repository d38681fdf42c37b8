/**
 * The answer to a form sent without JavaScript travels in the page, beside the form, as a JSON data
 * block (never run as a script). The browser reads its form's answer from there when the form
 * hydrates, which may be long after the page (the form is hydrated at first use). A block is read
 * once: a form mounted later (a client-side navigation) starts empty.
 */
import type { RootData } from '../site/root-data'
import type { SubmissionResult } from './shared'

export type PublicFormKind = 'appointment' | 'registration'

/** What the page gives a form, read from the router. */
export interface FormPage {
  root: RootData
  /** Where the form posts without JavaScript: the page it is on. */
  action: string
  /** The page's query (`?course=` preselects a course). */
  search: URLSearchParams
  /** Today in Kabul (YYYY-MM-DD). */
  today: string
}

/** What a public form's action answered: the result the page shows, with its HTTP status. */
export interface FormAnswer<F extends string = string> {
  result: SubmissionResult<F>
  status: number
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
