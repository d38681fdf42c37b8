import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderWrongCodesEmail, sendWrongCodesEmail } from './wrong-codes-email.server'

const settings = { smtpUrl: 'smtp://127.0.0.1:2525', allowPlainLocal: true, publicUrl: 'https://clinic.example' }

afterEach(() => vi.restoreAllMocks())

describe('the warning about wrong sign-in codes', () => {
  it('names the account and says what to do, in the account’s language', async () => {
    const sent: Array<{ to: string[]; subject: string; text: string }> = []
    const transport = { sendMail: async (m: { to: string[]; subject: string; text: string }) => void sent.push(m), close() {} }
    expect(await sendWrongCodesEmail({ ...settings, transport }, { to: 'amina@clinic.example', username: 'amina', locale: 'ps' })).toBe(
      true,
    )
    expect(sent[0]!.to).toEqual(['amina@clinic.example'])
    expect(sent[0]!.text).toContain('amina')
    expect(sent[0]!.subject).toMatch(/[\u0600-\u06FF]/)
    for (const locale of ['en', 'fa', 'ps'] as const) {
      const { subject, text } = renderWrongCodesEmail('amina', locale)
      expect(subject.length).toBeGreaterThan(10)
      expect(text).toContain('amina')
      expect(text).not.toMatch(/\{\w+\}/)
    }
  })

  it('a failed send logs a code only, never the address', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = {
      sendMail: async () => {
        throw Object.assign(new Error('refused for amina@clinic.example'), { code: 'EENVELOPE', responseCode: 550 })
      },
      close() {},
    }
    expect(
      await sendWrongCodesEmail({ ...settings, transport: failing }, { to: 'amina@clinic.example', username: 'amina', locale: null }),
    ).toBe(false)
    const logged = warn.mock.calls.flat().join(' ')
    expect(logged).toContain('EENVELOPE 550')
    expect(logged).not.toContain('amina@clinic.example')
  })
})
