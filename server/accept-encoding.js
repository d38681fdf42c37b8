/**
 * 'br' or 'gzip' when the Accept-Encoding header takes it (Brotli first), else null.
 * @param {string} header
 * @returns {'br' | 'gzip' | null}
 */
export function precompressedEncoding(header) {
  const accepted = new Set()
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';')
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    if (token && !(q && Number(q.slice(2)) === 0)) accepted.add(token.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip')) return 'gzip'
  return null
}
