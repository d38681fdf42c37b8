/**
 * The time limit of the long runs (thousands of generated requests, or databases started one after another). It guards
 * against a hang, not a speed: on a busy two-core machine one run takes minutes, and a tighter limit
 * would let the machine decide the result.
 */
export const LONG_RUN_TIMEOUT = 900_000
