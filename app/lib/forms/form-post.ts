/**
 * Where a public form's action and the server's answer to a form sent without JavaScript meet
 * (server/form-posts.ts, docs/decisions/014-form-answers-from-cached-pages.md), as typed values in
 * React Router's request context. The action's outcome is a value (`FormOutcome`); the server
 * reads it through the receiver it set, and gives it back for a page rendered whole.
 */
import { createContext } from 'react-router'
import type { CopyForm, FormAnswer } from './page-answer'

/** What a public form's action gave: the answer it returned, or the error it threw. */
export type FormOutcome = { readonly answer: FormAnswer } | { readonly thrown: unknown }

/** Set by the server when it runs a form's action alone: the action hands its outcome to it. */
export const formOutcomeReceiver = createContext<((outcome: FormOutcome) => void) | null>(null)

/**
 * Set by the server when the page is then rendered whole after all: what the action gave, which the
 * action gives (or throws) again without running a second time.
 */
export const formOutcomeReplay = createContext<FormOutcome | null>(null)

/** Set by the page cache while it renders a page: told the public form the page shows, for its copy. */
export const pageFormReceiver = createContext<((form: CopyForm | null) => void) | null>(null)

/** Whether `error` is one a replayed action threw again (logged when the action ran alone). */
export function isReplayedError(replay: FormOutcome | null, error: unknown): boolean {
  return replay !== null && 'thrown' in replay && replay.thrown === error
}
