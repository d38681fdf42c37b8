import type { PartialMessages } from '../index'

/** Pashto (ps-AF). Strings not yet translated fall back to English. */
export const ps: PartialMessages = {
  common: {
    landing: { title: 'ښه راغلاست', clinicButton: 'د کلینیک پاڼه', academyButton: 'د اکاډمۍ پاڼه' },
    language: { label: 'ژبه' },
  },
}
