import { describe, expect, it } from 'vitest'
import { describeError } from './describe-error'

describe('errors in logs', () => {
  it('never include the query or its parameters', () => {
    const error = new Error('Failed query: select ... where name ilike $1\nparams: %Fatima Rahimi%', {
      cause: Object.assign(new Error('canceling statement'), { code: '57014' }),
    })
    expect(describeError(error)).toBe('Error (57014)')
    expect(describeError('weird')).toBe('unknown error')
  })
})
