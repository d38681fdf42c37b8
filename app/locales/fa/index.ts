import type { PartialMessages } from '../index'

/** Dari (fa-AF). Strings not yet translated fall back to English. */
export const fa: PartialMessages = {
  common: {
    landing: { title: 'خوش آمدید', clinicButton: 'سایت کلینیک', academyButton: 'سایت اکادمی' },
    language: { label: 'زبان' },
  },
}
