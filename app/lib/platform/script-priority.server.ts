/**
 * Marks the page's module preloads `fetchpriority="low"` as the HTML streams out. On a slow link
 * the stylesheet, the fonts and the images of the first screen then come before the ~120 kB of
 * scripts that only make the page interactive: the page is readable first and works without them
 * (docs/performance.md). React Router's <Scripts> renders these links without a way to set it.
 */
import { Transform } from 'node:stream'
import { StringDecoder } from 'node:string_decoder'

const PRELOAD = '<link rel="modulepreload"'
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"'

/** The text up to the point where a preload tag may still be cut off by the end of the chunk. */
function safeEnd(text: string): number {
  const lastOpen = text.lastIndexOf('<')
  if (lastOpen < 0) return text.length
  const tail = text.slice(lastOpen)
  return tail.length < PRELOAD.length && PRELOAD.startsWith(tail) ? lastOpen : text.length
}

export function lowPriorityScripts(): Transform {
  const decoder = new StringDecoder('utf8')
  let carry = ''
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = carry + (typeof chunk === 'string' ? chunk : decoder.write(chunk))
      const end = safeEnd(text)
      carry = text.slice(end)
      const ready = text.slice(0, end)
      done(null, ready ? Buffer.from(ready.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)) : undefined)
    },
    flush(done) {
      const rest = carry + decoder.end()
      done(null, rest ? Buffer.from(rest.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD)) : undefined)
    },
  })
}
