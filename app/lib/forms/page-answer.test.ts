import { afterEach, describe, expect, it } from 'vitest'
import { answerElementId, answerJson, answerOnPage, markAnswerRead } from './page-answer'
import type { SubmissionResult } from './shared'

const invalid: SubmissionResult<string> = {
  status: 'invalid',
  values: { name: '</script><!-- \u2028 \u2029', phone: '' },
  fieldErrors: { phone: 'phoneRequired' },
  token: 'abcdefabcdefabcdefabcdefabcdef12',
}

/** A page with data blocks, by id, as the browser's document shows them. */
function pageWith(blocks: Record<string, string>) {
  const elements = new Map(Object.entries(blocks).map(([id, text]) => [id, { textContent: text }]))
  Object.assign(globalThis, { document: { getElementById: (id: string) => elements.get(id) ?? null } })
  return elements
}

afterEach(() => {
  delete (globalThis as { document?: unknown }).document
})

describe("a form's answer in the page", () => {
  it('is JSON that cannot end its script element, open a comment or break a line in a script', () => {
    const text = answerJson(invalid)
    expect(text).not.toMatch(/[<\u2028\u2029]/)
    expect(JSON.parse(text)).toEqual(invalid)
  })

  it('is read by its own form, once: a form mounted later starts empty', () => {
    pageWith({ [answerElementId('appointment')]: answerJson(invalid) })
    expect(answerOnPage('registration')).toBeUndefined()
    expect(answerOnPage('appointment')).toEqual(invalid)
    // Reading is pure (React may render twice); the form marks it read once it has mounted.
    expect(answerOnPage('appointment')).toEqual(invalid)
    markAnswerRead('appointment')
    expect(answerOnPage('appointment')).toBeUndefined()
  })

  it('is ignored when it is not an answer', () => {
    pageWith({ [answerElementId('appointment')]: '{"status":', [answerElementId('registration')]: '[1,2]' })
    expect(answerOnPage('appointment')).toBeUndefined()
    expect(answerOnPage('registration')).toBeUndefined()
  })
})
