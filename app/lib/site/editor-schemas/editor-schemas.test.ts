import { describe, expect, it } from 'vitest'
import { contrastRatio, MIN_CONTRAST } from '../color'
import {
  AcademyLayoutSchema,
  applyLayoutMove,
  checkContrast,
  CONTENT_FIELDS,
  ContentSchema,
  contentFromForm,
  DEFAULT_INTEGRATIONS,
  fieldErrors,
  IntegrationsWithKeyRule,
  integrationsFromForm,
  LayoutSchema,
  layoutFromForm,
  layoutSiteOf,
  mergeSiteSettings,
  moveSectionTo,
  parseLayoutMove,
  PublishableAcademyLayoutSchema,
  SettingsSchema,
  settingsFromForm,
  ThemeSchema,
  themeFromForm,
} from '.'
import { en } from '~/locales/en'
import { catalogueText } from '../site-content'
import { DEFAULT_ACADEMY_LAYOUT, DEFAULT_HOMEPAGE_LAYOUT } from '../site-data'
import { DEFAULT_SITE_SETTINGS } from '../site-settings'
import { themeCss } from '../theme'

function form(entries: Record<string, string | string[]>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item)
  }
  return data
}

describe('content schema', () => {
  it('names only texts that exist in the English catalogue', () => {
    for (const field of CONTENT_FIELDS) expect(catalogueText(en, field.path), field.path).not.toBe('')
    expect(new Set(CONTENT_FIELDS.map((f) => f.path)).size).toBe(CONTENT_FIELDS.length)
  })

  it('accepts texts in three languages and trims them', () => {
    const result = ContentSchema.parse({
      texts: { 'clinic.hero.title': { en: '  Smile  ', fa: 'لبخند', ps: '' } },
      fees: { radiology: 30000, diplomaDentistry: null },
    })
    expect(result.texts['clinic.hero.title']).toEqual({ en: 'Smile', fa: 'لبخند', ps: '' })
    expect(result.fees).toEqual({ radiology: 30000, diplomaDentistry: null })
  })

  it('refuses unknown paths, over-long texts and bad fees', () => {
    const result = ContentSchema.safeParse({
      texts: {
        'common.brand.clinicName': { en: 'x', fa: '', ps: '' },
        'clinic.hero.title': { en: 'x'.repeat(201), fa: '', ps: '' },
        'clinic.hero.description': { en: 'x'.repeat(2000), fa: '', ps: '' },
      },
      fees: { radiology: -5 },
    })
    expect(result.success).toBe(false)
    const errors = fieldErrors(result.error!)
    expect(errors['texts.common.brand.clinicName']).toBe('unknownField')
    expect(errors['texts.clinic.hero.title.en']).toBe('tooLong')
    expect(errors['texts.clinic.hero.description.en']).toBeUndefined()
    expect(errors['fees.radiology']).toBe('fee')
    expect(ContentSchema.safeParse({ texts: {}, fees: { nope: 1 } }).success).toBe(false)
  })

  it('reads the editor form: texts per language and fees (empty = contact for details)', () => {
    const value = contentFromForm(
      form({
        'clinic.hero.title.en': 'Title',
        'clinic.hero.title.fa': 'عنوان',
        'clinic.hero.title.ps': '',
        'fee.radiology': '25,000',
        'fee.cpr': '',
        'fee.diplomaDentistry': 'ten',
      }),
    )
    expect(value.texts).toEqual({ 'clinic.hero.title': { en: 'Title', fa: 'عنوان', ps: '' } })
    expect(value.fees?.radiology).toBe(25000)
    expect(value.fees?.cpr).toBeNull()
    expect(ContentSchema.safeParse(value).success).toBe(false)
  })

  it('reads a fee typed in Eastern digits, as the Dari and Pashto help shows it', () => {
    const value = contentFromForm(form({ 'fee.radiology': '۲۵٬۰۰۰', 'fee.cpr': '۲۵۰۰۰' }))
    expect(value.fees).toEqual({ radiology: 25000, cpr: 25000 })
  })
})

describe('theme schema and the contrast rule', () => {
  it('accepts the defaults and normalises colours', () => {
    expect(ThemeSchema.parse({ clinicPrimary: '#2563EB', academyPrimary: '#f73', font: 'Inter', baseSize: '16' })).toEqual({
      clinicPrimary: '#2563eb',
      academyPrimary: '#ff7733',
      font: 'Inter',
      baseSize: 16,
    })
  })

  it('refuses what is not a colour, an unknown font and an odd base size', () => {
    const result = ThemeSchema.safeParse({ clinicPrimary: 'blue', academyPrimary: '#12345', font: 'Comic Sans', baseSize: 40 })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({
      clinicPrimary: 'colour',
      academyPrimary: 'colour',
      font: 'font',
      baseSize: 'baseSize',
    })
    expect(
      ThemeSchema.safeParse({ clinicPrimary: 'javascript:alert(1)', academyPrimary: '#fff', font: 'Lato', baseSize: 16 }).success,
    ).toBe(false)
  })

  it('reads the theme form: the text field, or the picker when only the picker changed', () => {
    const base = { font: 'Lato', baseSize: '16', academyPrimary: '#f97316' }
    expect(
      themeFromForm(form({ ...base, clinicPrimary: '#123456', clinicPrimaryPicker: '#2563eb', clinicPrimaryOriginal: '#2563eb' }))
        .clinicPrimary,
    ).toBe('#123456')
    expect(
      themeFromForm(form({ ...base, clinicPrimary: '#2563EB', clinicPrimaryPicker: '#0f766e', clinicPrimaryOriginal: '#2563eb' }))
        .clinicPrimary,
    ).toBe('#0f766e')
    expect(themeFromForm(form({ ...base, clinicPrimary: 'red' })).clinicPrimary).toBe('red')
  })

  it('keeps a colour that white text can be read on', () => {
    const check = checkContrast('#2563eb')
    expect(check.adjusted).toBe(false)
    expect(check.shade).toBe('#2563eb')
    expect(check.ratio).toBeGreaterThanOrEqual(MIN_CONTRAST)
  })

  it('adjusts a colour too light for white text to a darker shade that passes WCAG AA', () => {
    const check = checkContrast('#f97316')
    expect(check.adjusted).toBe(true)
    expect(check.ratio).toBeLessThan(MIN_CONTRAST)
    expect(check.shadeRatio).toBeGreaterThanOrEqual(MIN_CONTRAST)
    // The public pages use that shade for everything with white text.
    expect(themeCss({ clinicPrimary: '#ffff00', academyPrimary: '#f97316', font: 'Poppins', baseSize: 16 })).toMatch(
      /--clinic-primary-strong:(#[0-9a-f]{6})/,
    )
    const strong = /--clinic-primary-strong:(#[0-9a-f]{6})/.exec(
      themeCss({ clinicPrimary: '#ffff00', academyPrimary: '#f97316', font: 'Poppins', baseSize: 16 }),
    )![1]!
    expect(contrastRatio(strong, '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST)
  })
})

describe('layout schema', () => {
  it('accepts the six sections in any order, each once', () => {
    const reversed = [...DEFAULT_HOMEPAGE_LAYOUT].reverse().map((s, i) => ({ ...s, visible: i % 2 === 0 }))
    expect(LayoutSchema.parse(reversed)).toEqual(reversed)
  })

  it('refuses missing, doubled and unknown sections', () => {
    const sections = DEFAULT_HOMEPAGE_LAYOUT.map((s) => ({ ...s }))
    expect(LayoutSchema.safeParse(sections.slice(1)).success).toBe(false)
    expect(LayoutSchema.safeParse([...sections.slice(1), sections[1]]).success).toBe(false)
    expect(LayoutSchema.safeParse([...sections.slice(1), { id: 'blog', visible: true }]).success).toBe(false)
    expect(LayoutSchema.safeParse(sections.map((s) => ({ ...s, visible: 'yes' }))).success).toBe(false)
  })

  it('moves sections up, down, by drag, and toggles them', () => {
    const start = DEFAULT_HOMEPAGE_LAYOUT.map((s) => ({ ...s }))
    expect(applyLayoutMove(start, { kind: 'up', id: 'services' }).map((s) => s.id)).toEqual([
      'services',
      'hero',
      'about',
      'team',
      'testimonials',
      'booking',
    ])
    expect(applyLayoutMove(start, { kind: 'up', id: 'hero' }).map((s) => s.id)).toEqual(start.map((s) => s.id))
    expect(applyLayoutMove(start, { kind: 'down', id: 'booking' }).map((s) => s.id)).toEqual(start.map((s) => s.id))
    expect(applyLayoutMove(start, { kind: 'toggle', id: 'about' }).find((s) => s.id === 'about')?.visible).toBe(false)
    expect(moveSectionTo(start, 'booking', 0).map((s) => s.id)[0]).toBe('booking')
    expect(start[0]!.id).toBe('hero')
    expect(parseLayoutMove('down:team')).toEqual({ kind: 'down', id: 'team' })
    expect(parseLayoutMove('down:nothing')).toBeNull()
    expect(parseLayoutMove('save')).toBeNull()
  })

  it('reads the layout form: order inputs and visible checkboxes', () => {
    const value = layoutFromForm(
      form({ order: ['booking', 'hero', 'services', 'about', 'team', 'testimonials'], visible: ['hero', 'booking'] }),
    )
    expect(value[0]).toEqual({ id: 'booking', visible: true })
    expect(value[2]).toEqual({ id: 'services', visible: false })
    expect(LayoutSchema.safeParse(value).success).toBe(true)
  })

  it("keeps the academy homepage's sections apart from the clinic's, the next events hidden at first", () => {
    expect(DEFAULT_ACADEMY_LAYOUT.filter((s) => !s.visible).map((s) => s.id)).toEqual(['events'])
    const shown = DEFAULT_ACADEMY_LAYOUT.map((s) => ({ ...s, visible: true }))
    expect(AcademyLayoutSchema.safeParse(shown).success).toBe(true)
    // Each homepage's sections only: the clinic's list is no academy layout, and the other way round.
    expect(AcademyLayoutSchema.safeParse(DEFAULT_HOMEPAGE_LAYOUT).success).toBe(false)
    expect(LayoutSchema.safeParse(shown).success).toBe(false)
    expect(PublishableAcademyLayoutSchema.safeParse(shown.map((s) => ({ ...s, visible: false }))).success).toBe(false)
    expect(parseLayoutMove('toggle:events', 'academy')).toEqual({ kind: 'toggle', id: 'events' })
    expect(parseLayoutMove('toggle:events')).toBeNull()
    expect(parseLayoutMove('up:booking', 'academy')).toBeNull()
    expect(applyLayoutMove(shown, { kind: 'up', id: 'events' }).map((s) => s.id)).toEqual(['hero', 'strengths', 'events', 'courses'])
    expect(layoutSiteOf('academy')).toBe('academy')
    expect(layoutSiteOf('anything else')).toBe('clinic')
    expect(layoutSiteOf(null)).toBe('clinic')
  })
})

describe('settings schema', () => {
  const good = {
    phone: '0701234567',
    clinicEmail: 'clinic@example.org',
    academyEmail: 'academy@example.org',
    address: { en: 'Kabul', fa: '', ps: '' },
    map: { latitude: '34.5', longitude: '69.2' },
    social: { facebook: 'https://facebook.com/clinic', instagram: '', youtube: '', linkedin: '' },
  }

  it('accepts good values', () => {
    const value = SettingsSchema.parse(good)
    expect(value.phone).toBe('0701234567')
    expect(value.map).toEqual({ latitude: 34.5, longitude: 69.2 })
    expect(SettingsSchema.safeParse({ ...good, phone: '۰۷۰۱۲۳۴۵۶۷' }).success).toBe(true)
    // A position typed in Eastern digits with the Arabic decimal separator, as the Dari and Pashto help shows it.
    const typed = settingsFromForm(form({ latitude: '۳۴٫۵۵۵۳', longitude: ' ۶۹٫۲۰۷۵ ' }))
    expect(SettingsSchema.shape.map.parse(typed.map)).toEqual({ latitude: 34.5553, longitude: 69.2075 })
  })

  it('refuses a bad phone, e-mail, map position and non-https links', () => {
    const result = SettingsSchema.safeParse({
      ...good,
      phone: '12',
      clinicEmail: 'not-an-email',
      academyEmail: '',
      address: { en: '', fa: '', ps: '' },
      map: { latitude: '91', longitude: 'east' },
      social: {
        facebook: 'http://facebook.com/x',
        instagram: 'javascript:alert(1)',
        youtube: 'https://user:pw@youtube.com',
        linkedin: 'linkedin',
      },
    })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.error!)).toEqual({
      phone: 'phone',
      clinicEmail: 'email',
      academyEmail: 'required',
      'address.en': 'required',
      'map.latitude': 'latitude',
      'map.longitude': 'longitude',
      'social.facebook': 'https',
      'social.instagram': 'https',
      'social.youtube': 'https',
      'social.linkedin': 'https',
    })
  })

  it('publishes stored values over the defaults', () => {
    const settings = SettingsSchema.parse(good)
    expect(mergeSiteSettings({ ...settings, phone: '+93 70 123 4567' }, null).whatsappNumber).toBe('+93 70 123 4567')
    expect(
      mergeSiteSettings({ ...settings, phone: '+93 70 123 4567' }, { ...DEFAULT_INTEGRATIONS, whatsappNumber: '' }).whatsappNumber,
    ).toBe('+93 70 123 4567')
    const merged = mergeSiteSettings(
      { ...settings, phone: '+93 70 123 4567' },
      {
        mapsEnabled: true,
        mapsApiKey: 'secret-key-1234567890',
        notifyOnAppointment: false,
        notifyOnRegistration: true,
        whatsappNumber: '+93 79 999 9999',
      },
    )
    expect(merged.phone).toBe('+93 70 123 4567')
    expect(merged.social.facebook).toBe('https://facebook.com/clinic')
    expect(merged.notifyOnAppointment).toBe(false)
    expect(merged.whatsappNumber).toBe('+93 79 999 9999')
    expect(JSON.stringify(merged)).not.toContain('secret-key')
    expect(mergeSiteSettings(null, null)).toEqual(DEFAULT_SITE_SETTINGS)
  })
})

describe('integrations schema', () => {
  it('keeps the stored maps key when the field is left empty, and can remove it', () => {
    const kept = integrationsFromForm(form({ mapsEnabled: 'on', whatsappNumber: '0799999999' }), 'AIzaStoredKey_1234567890')
    expect(kept.mapsApiKey).toBe('AIzaStoredKey_1234567890')
    expect(IntegrationsWithKeyRule.parse(kept).whatsappNumber).toBe('0799999999')
    const removed = integrationsFromForm(form({ removeMapsKey: 'on', whatsappNumber: '0799999999' }), 'AIzaStoredKey_1234567890')
    expect(removed.mapsApiKey).toBe('')
    expect(removed.notifyOnAppointment).toBe(false)
  })

  it('refuses turning the map on without a key, a malformed key and a bad number', () => {
    const result = IntegrationsWithKeyRule.safeParse(integrationsFromForm(form({ mapsEnabled: 'on', whatsappNumber: 'abc' }), ''))
    expect(fieldErrors(result.error!)).toMatchObject({ whatsappNumber: 'phone' })
    const missing = IntegrationsWithKeyRule.safeParse(integrationsFromForm(form({ mapsEnabled: 'on', whatsappNumber: '0799999999' }), ''))
    expect(fieldErrors(missing.error!)).toEqual({ mapsApiKey: 'mapsKeyMissing' })
    const bad = IntegrationsWithKeyRule.safeParse(
      integrationsFromForm(form({ mapsApiKey: 'key"><script>', whatsappNumber: '0799999999' }), ''),
    )
    expect(fieldErrors(bad.error!)).toEqual({ mapsApiKey: 'mapsKey' })
  })
})
