import { describe, expect, it } from 'vitest'
import { localeFromAcceptLanguage, localeFromParam, localizePath, splitLocalePath } from './locale'

describe('locale routing', () => {
  it('maps the optional :lang segment to a locale', () => {
    expect(localeFromParam(undefined)).toBe('en')
    expect(localeFromParam('fa')).toBe('fa')
    expect(localeFromParam('ps')).toBe('ps')
    expect(localeFromParam('en')).toBeNull()
    expect(localeFromParam('admin')).toBeNull()
  })

  it('splits and builds localized paths', () => {
    expect(splitLocalePath('/fa/clinic/contact')).toEqual({ locale: 'fa', path: '/clinic/contact' })
    expect(splitLocalePath('/ps')).toEqual({ locale: 'ps', path: '/' })
    expect(splitLocalePath('/fashion')).toEqual({ locale: 'en', path: '/fashion' })
    expect(localizePath('/clinic', 'fa')).toBe('/fa/clinic')
    expect(localizePath('/', 'ps')).toBe('/ps')
    expect(localizePath('/clinic', 'en')).toBe('/clinic')
  })

  it('reads Dari (fa, prs) and Pashto from Accept-Language by preference', () => {
    expect(localeFromAcceptLanguage('fa-AF,fa;q=0.9,en;q=0.8')).toBe('fa')
    expect(localeFromAcceptLanguage('prs')).toBe('fa')
    expect(localeFromAcceptLanguage('ps-AF')).toBe('ps')
    expect(localeFromAcceptLanguage('en-US,en;q=0.9,ps;q=0.5')).toBe('en')
    expect(localeFromAcceptLanguage('de-DE,ps;q=0.4')).toBe('ps')
    expect(localeFromAcceptLanguage('en;q=0.2,fa;q=0.8')).toBe('fa')
    expect(localeFromAcceptLanguage('de')).toBeNull()
    expect(localeFromAcceptLanguage(null)).toBeNull()
  })
})
