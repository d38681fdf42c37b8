import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderPasswordResetEmail, sendPasswordResetEmail } from './password-reset-email.server'

const settings = { smtpUrl: 'smtp://127.0.0.1:2525', allowPlainLocal: true, publicUrl: 'https://clinic.example' }
const mail = { to: 'amina@clinic.example', username: 'amina', token: 'tok_0123456789abcdefghijklmnop', locale: 'fa' }

afterEach(() => vi.restoreAllMocks())

describe('the password-reset e-mail', () => {
  it('carries the link on PUBLIC_URL, in the account’s language', async () => {
    const sent: Array<{ to: string[]; subject: string; text: string }> = []
    const ok = await sendPasswordResetEmail({ ...settings, transport: { sendMail: async (m) => void sent.push(m), close() {} } }, mail)
    expect(ok).toBe(true)
    expect(sent[0]!.to).toEqual(['amina@clinic.example'])
    expect(sent[0]!.text).toContain('https://clinic.example/admin/reset?token=tok_0123456789abcdefghijklmnop')
    expect(sent[0]!.subject).toMatch(/[\u0600-\u06FF]/)
    expect(renderPasswordResetEmail('amina', 'L', 'en').text).toContain('amina')
  })

  it('a failed send logs a code only: never the address nor the link', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const failing = {
      sendMail: async () => {
        throw Object.assign(new Error(`refused for ${mail.to} ${mail.token}`), { code: 'EENVELOPE', responseCode: 550 })
      },
      close() {},
    }
    expect(await sendPasswordResetEmail({ ...settings, transport: failing }, mail)).toBe(false)
    const logged = warn.mock.calls.flat().join(' ')
    expect(logged).toContain('EENVELOPE 550')
    expect(logged).not.toContain(mail.token)
    expect(logged).not.toContain(mail.to)
  })
})
