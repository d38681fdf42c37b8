/** The theme: colours (with the contrast check), font and base size. */
import { z } from 'zod'
import { contrastRatio, isHexColor, MIN_CONTRAST, normalizeHex, readableShade } from '../color'
import { DEFAULT_THEME, FONT_FAMILIES } from '../theme'
import { code } from './errors'

export const BASE_SIZE_RANGE = { min: 14, max: 20 } as const

const ColourSchema = z
  .string(code('colour'))
  .trim()
  .refine((value) => isHexColor(value), code('colour'))
  .transform((value) => normalizeHex(value))

export const ThemeSchema = z.object({
  clinicPrimary: ColourSchema,
  academyPrimary: ColourSchema,
  font: z.enum(FONT_FAMILIES, code('font')),
  baseSize: z.coerce
    .number(code('baseSize'))
    .int(code('baseSize'))
    .min(BASE_SIZE_RANGE.min, code('baseSize'))
    .max(BASE_SIZE_RANGE.max, code('baseSize')),
})

/**
 * A colour from the theme form. The text field wins, except when only the colour picker was changed
 * (without JavaScript the two are not kept in step): then the picker's value is taken.
 */
function colourFromForm(form: FormData, key: string): string {
  const text = String(form.get(key) ?? '').trim()
  const picker = form.get(`${key}Picker`)
  const original = form.get(`${key}Original`)
  if (typeof picker === 'string' && typeof original === 'string') {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
    if (same(text, original) && !same(picker, original)) return picker
  }
  return text
}

export function themeFromForm(form: FormData): Record<'clinicPrimary' | 'academyPrimary' | 'font' | 'baseSize', string> {
  return {
    clinicPrimary: colourFromForm(form, 'clinicPrimary'),
    academyPrimary: colourFromForm(form, 'academyPrimary'),
    font: String(form.get('font') ?? ''),
    baseSize: String(form.get('baseSize') ?? String(DEFAULT_THEME.baseSize)),
  }
}

export interface ContrastCheck {
  colour: string
  /** White text on the colour itself. */
  ratio: number
  /** The shade buttons and links use: the colour itself when it passes WCAG AA, else a darker one. */
  shade: string
  shadeRatio: number
  adjusted: boolean
}

/**
 * The contrast rule: white text must reach WCAG AA (4.5:1). A colour that does not is kept as the
 * accent, and buttons, links and highlights use the nearest darker shade that does.
 */
export function checkContrast(colour: string): ContrastCheck {
  const hex = normalizeHex(colour)
  const shade = readableShade(hex)
  return {
    colour: hex,
    ratio: contrastRatio(hex, '#ffffff'),
    shade,
    shadeRatio: contrastRatio(shade, '#ffffff'),
    adjusted: contrastRatio(hex, '#ffffff') < MIN_CONTRAST,
  }
}
