/**
 * Reads the modules (dark = true) back from an SVG drawn by the `qrcode` package: one path of
 * horizontal strokes, `M x y.5 h n` absolute and `m dx dy h n` relative, in module units.
 */
export function modulesFromQrSvg(svg: string): boolean[][] {
  const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)
  const path = /<path stroke="[^"]*" d="([^"]*)"/.exec(svg)
  if (!viewBox || !path) throw new Error('Not a QR code SVG')
  const size = Number(viewBox[1])
  const grid = Array.from({ length: size }, () => Array<boolean>(size).fill(false))
  let x = 0
  let y = 0
  for (const [, command, a, b] of path[1]!.matchAll(/([Mmh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    if (command === 'M') {
      x = Number(a)
      y = Number(b)
    } else if (command === 'm') {
      x += Number(a)
      y += Number(b)
    } else {
      const length = Number(a)
      for (let i = 0; i < length; i++) grid[Math.floor(y)]![x + i] = true
      x += length
    }
  }
  return grid
}

/** The modules of a QR matrix with a quiet zone of `margin` modules, as the SVG draws them. */
export function withMargin(modules: { size: number; get(row: number, col: number): number | boolean }, margin: number): boolean[][] {
  const size = modules.size + 2 * margin
  return Array.from({ length: size }, (_, row) =>
    Array.from({ length: size }, (_, col) => {
      const r = row - margin
      const c = col - margin
      return r >= 0 && c >= 0 && r < modules.size && c < modules.size && Boolean(modules.get(r, c))
    }),
  )
}
