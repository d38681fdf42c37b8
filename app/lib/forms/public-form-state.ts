import type { SubmissionResult } from './shared'

/**
 * A request kept on this device (docs/decisions/022-offline.md): waiting to be sent, refused by the
 * server (its answer is the form's result), or removed after 7 days unsent.
 */
export type KeptState = 'waiting' | 'refused' | 'expired'

/** What the form shows: the last answer, and what its fields hold. */
export interface PublicFormState<F extends string> {
  result: SubmissionResult<F> | undefined
  /** True when `result` came with the page (no JavaScript): the notice is a live region. */
  fromPage: boolean
  /** The values to fill in again after a failed submission. */
  defaults: Partial<Record<F, string>>
  /** Bumped after a success: the form is mounted anew, empty. */
  formKey: number
  token: string
  pending: boolean
  /** The request kept on this device for this form, if any. */
  kept: KeptState | null
}

/**
 * The state a form starts in: empty with `token`, or showing the answer the page came with (the
 * values sent, and the token to send them again with).
 */
export function startingState<F extends string>(answer: SubmissionResult<F> | undefined, token: string): PublicFormState<F> {
  return {
    result: answer,
    fromPage: answer !== undefined,
    defaults: answer && 'values' in answer ? answer.values : {},
    formKey: 0,
    token: answer && 'token' in answer ? answer.token : token,
    pending: false,
    kept: null,
  }
}
