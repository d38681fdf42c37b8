/** Colour helpers for the theme: parsing, WCAG contrast, and a shade readable under white text. */

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i

export function isHexColor(value: string): boolean {
  return HEX.test(value.trim())
}

export function normalizeHex(value: string): string {
  const hex = value.trim().toLowerCase()
  if (!HEX.test(hex)) throw new Error(`Not a colour: ${value}`)
  if (hex.length === 4) return `#${[...hex.slice(1)].map((c) => c + c).join('')}`
  return hex
}

function channels(hex: string): [number, number, number] {
  const n = normalizeHex(hex)
  return [1, 3, 5].map((i) => parseInt(n.slice(i, i + 2), 16)) as [number, number, number]
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`
}

function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }) as [number, number, number]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5

/** The colour itself when white text on it passes AA, otherwise the nearest darker shade that does. */
export function readableShade(hex: string): string {
  let rgb = channels(hex)
  let shade = toHex(rgb)
  for (let step = 0; step < 100 && contrastRatio(shade, '#ffffff') < MIN_CONTRAST; step++) {
    rgb = rgb.map((c) => c * 0.97) as [number, number, number]
    shade = toHex(rgb)
  }
  return shade
}
