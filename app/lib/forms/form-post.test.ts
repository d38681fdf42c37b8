import { describe, expect, it } from 'vitest'
import { isReplayedError } from './form-post'

describe('isReplayedError', () => {
  const fault = new Error('the action failed')

  it('knows the error a replayed action throws again (logged when the action ran alone)', () => {
    expect(isReplayedError({ thrown: fault }, fault)).toBe(true)
  })

  it('does not know any other error of that page, nor errors of requests without a replay', () => {
    expect(isReplayedError({ thrown: fault }, new Error('a loader failed'))).toBe(false)
    expect(
      isReplayedError(
        { answer: { result: { status: 'success', summary: { name: 'Zarghuna' }, whatsappUrl: '', openWhatsapp: false }, status: 200 } },
        fault,
      ),
    ).toBe(false)
    expect(isReplayedError(null, fault)).toBe(false)
  })
})
