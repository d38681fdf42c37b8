/**
 * The 413 answer to a body over its limit: a small page in the visitor's language for a browser
 * page load (a form sent without JavaScript), a short JSON or text body for anything else.
 */
import type express from 'express'
import { LOCALE_INFO, splitLocalePath } from '~/lib/i18n/locale'
import { isDataPath, pagePathOf } from '~/lib/platform/data-requests'
import { messagesFor } from '~/locales'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

export function sendPayloadTooLarge(req: express.Request, res: express.Response, limit: number): void {
  res.status(413)
  res.setHeader('Cache-Control', 'no-store')
  const dataRequest = isDataPath(req.path)
  const kind = dataRequest ? req.accepts(['application/json', 'text/plain']) : req.accepts(['text/plain', 'application/json', 'text/html'])
  if (kind === 'application/json') {
    res.json({ error: 'Request body too large', limitBytes: limit })
    return
  }
  if (kind !== 'text/html') {
    res.type('text/plain').send(`Request body too large: this address accepts at most ${limit} bytes.\n`)
    return
  }
  const { locale } = splitLocalePath(req.path)
  const { tag, dir } = LOCALE_INFO[locale]
  const m = messagesFor(locale).common.tooLarge
  const nonce = escapeHtml(String(res.locals.nonce ?? ''))
  // The page the form is on; never a protocol-relative address (`//host`, `/\\host`) to another site.
  const back = `/${pagePathOf(req.path).replace(/^[/\\]+/, '')}`
  res.type('html').send(`<!doctype html>
<html lang="${tag}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(m.title)}</title>
<style nonce="${nonce}">
body { font-family: system-ui, sans-serif; margin: 0; padding: 3rem 1.5rem; color: #0f172a; background: #f8fafc; line-height: 1.6 }
main { max-inline-size: 36rem; margin-inline: auto }
h1 { font-size: 1.5rem; margin-block: 0 1rem }
a { color: #0e6f64; font-weight: 700 }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(m.title)}</h1>
<p>${escapeHtml(m.text)}</p>
<p><a href="${escapeHtml(back)}">${escapeHtml(m.back)}</a></p>
</main>
</body>
</html>
`)
}
