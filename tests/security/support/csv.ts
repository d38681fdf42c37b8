/**
 * A strict RFC 4180 reader: CRLF line ends, fields quoted with '"' and '""' inside. Anything else
 * (a bare quote inside an unquoted field, text after a closing quote, a lone CR or LF outside
 * quotes) throws, so a cell that was not quoted when it had to be is caught.
 */
export function parseCsv(text: string): string[][] {
  const lines: string[][] = []
  let line: string[] = []
  let i = 0
  const fail = (why: string) => {
    throw new Error(`Malformed CSV at ${i}: ${why}: ${JSON.stringify(text.slice(Math.max(0, i - 40), i + 40))}`)
  }
  while (i < text.length) {
    let cell = ''
    if (text[i] === '"') {
      i++
      for (;;) {
        if (i >= text.length) fail('unterminated quote')
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            cell += '"'
            i += 2
            continue
          }
          i++
          break
        }
        cell += text[i++]
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r' && text[i] !== '\n') {
        if (text[i] === '"') fail('a quote inside an unquoted cell')
        cell += text[i++]
      }
    }
    line.push(cell)
    if (text[i] === ',') {
      i++
      continue
    }
    if (text.startsWith('\r\n', i)) {
      i += 2
      lines.push(line)
      line = []
      continue
    }
    if (i < text.length) fail('a line break that is not CRLF, or text after a closing quote')
  }
  if (line.length > 0) fail('the last line has no CRLF')
  return lines
}
