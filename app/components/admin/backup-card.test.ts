import { describe, expect, it } from 'vitest'
import { messagesFor } from '~/locales'
import { backupSizeText } from './backup-card'

describe("the backup card's sizes", () => {
  it('says kB below 1 MB and MB above, in each language', () => {
    const en = messagesFor('en').admin.dashboard
    expect(backupSizeText(18_000, en, 'en')).toBe('18 kB')
    expect(backupSizeText(300, en, 'en')).toBe('1 kB')
    expect(backupSizeText(1024 * 1024 - 1, en, 'en')).toBe('1,024 kB')
    expect(backupSizeText(3.7 * 1024 * 1024, en, 'en')).toBe('3.7 MB')
    expect(backupSizeText(18_000, messagesFor('fa').admin.dashboard, 'fa')).toBe('۱۸ کیلوبایت')
    expect(backupSizeText(18_000, messagesFor('ps').admin.dashboard, 'ps')).toBe('۱۸ کیلوبایټه')
  })
})
