// Stored XSS through posts: generated titles, summaries, bodies, cover descriptions and event places
// in every script, mixed with Markdown links and images an attacker would write (`javascript:`,
// `data:`, entities, control characters, raw HTML, broken image references), saved as the editor
// saves them, then shown as visitors and programs get them: the list card, the post page, its
// head tags and JSON-LD, the Atom feed and the event's calendar file.
// Invariants: a text never acts as markup, a body keeps only safe links and the media library's
// images, the feed stays one XML document and the calendar file one line per property.
//
// The seed is printed; FUZZ_SEED=<seed> repeats a run, FUZZ_STAFF_RUNS=<n> saves more posts.
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Outlet } from 'react-router'
import { PostArticle } from '~/components/posts/post-article'
import { PostGrid } from '~/components/posts/post-parts'
import { removeForbiddenCharacters } from '~/lib/platform/characters'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import type { DatabaseHandle } from '~/lib/platform/db.server'
import { eventIcs } from '~/lib/posts/event-calendar'
import { postFeedXml } from '~/lib/posts/post-feed.server'
import { postHeadTags, postJsonLd } from '~/lib/posts/post-seo'
import { readPublicPost } from '~/lib/posts/post-reads.server'
import { messagesFor } from '~/locales'
import { testDatabases } from '../support/databases'
import { LONG_RUN_TIMEOUT } from '../support/long-runs'
import { createTestAuthor, publishTestPost } from '../support/posts'
import { announceSeed, fuzzParameters, fuzzText, STAFF_ACTION_RUNS } from './support/fuzz'
import { expectEscaped, renderScreen } from './support/render'

const BASE = 'https://dental.example.af'
const MEDIA = '/media/0123456789abcdef0123-960.webp'
const COVER = { name: '0123456789abcdef0123', width: 960, height: 540, widths: [480, 960] }

/** What an attacker writes into a Markdown body (and, as text, into the other fields). */
const ATTACKS = [
  '[x](javascript:alert(1))',
  '[x](JaVaScRiPt:alert(1))',
  '[x](java\tscript:alert(1))',
  '[x](&#106;avascript:alert(1))',
  '[x](\u0001javascript:alert(1))',
  '[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
  '[x](vbscript:msgbox(1))',
  '[x](//evil.example/x)',
  '[x](/clinic" onmouseover="alert(1))',
  '<javascript:alert(1)>',
  '[ref]\n\n[ref]: javascript:alert(1)',
  '![x](javascript:alert(1))',
  '![x](data:image/svg+xml,<svg onload=alert(1)>)',
  '![x](https://evil.example/pixel.gif)',
  '![x](/media/../admin/staff)',
  `![x](${MEDIA}" onerror="alert(1))`,
  `![a smile](${MEDIA})`,
  '[us](/clinic/contact) [them](https://example.org)',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '"><svg onload=alert(1)>',
  "'-alert(1)-'",
  ']]><x>',
  '</script><script>alert(1)</script>',
  '\\;,\r\nBEGIN:VEVENT',
]

const piece = fc.oneof({ weight: 3, arbitrary: fuzzText(60) }, { weight: 2, arbitrary: fc.constantFrom(...ATTACKS) })
/** What the staff forms keep of a value when they read it (read-form.server.ts): no NUL, no lone surrogate. */
const wellFormed = removeForbiddenCharacters
const field = (max: number) => fc.array(piece, { maxLength: max }).map((parts) => wellFormed(parts.join(' ')))
/** A title in English, Dari or Pashto letters (or any other), with attacks mixed in; never blank. */
const title = fc
  .tuple(fc.constantFrom('Care', 'مراقبت از دندان‌ها', 'د غاښونو ساتنه'), field(3))
  .map(([word, rest]) => wellFormed(`${word} ${rest}`.slice(0, 200)))
const texts = fc.record({ title, summary: field(3), body: field(8) })
const post = fc.record({
  stream: fc.constantFrom('articles' as const, 'news' as const),
  texts: fc.record({ en: fc.option(texts), fa: fc.option(texts), ps: fc.option(texts) }),
  place: field(2),
  event: fc.boolean(),
})

/** The values of an attribute (`href`, `src`) in the HTML's tags (text has its '<' escaped), entities decoded. */
function attributeValues(html: string, name: string): string[] {
  const tags = html.match(/<[a-z][^>]*>/gi) ?? []
  return tags.flatMap((tag) =>
    [...tag.matchAll(new RegExp(`\\s${name}="([^"]*)"`, 'g'))].map((m) =>
      m[1]!
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
        .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&'),
    ),
  )
}

/** A body as sanitised HTML: no script, no handler, links only to safe places, images only from the media library. */
function expectSafeBody(html: string): void {
  expect(html).not.toMatch(/<(?:script|iframe|svg|math|style|object|embed)[\s>]/i)
  expect(html.replace(/="[^"]*"/g, '=""')).not.toMatch(/<[a-z][^>]*\son[a-z]+=/i)
  for (const href of attributeValues(html, 'href'))
    expect(href, `a body link ${JSON.stringify(href)}`).toMatch(/^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i)
  for (const src of attributeValues(html, 'src')) expect(src).toMatch(/^\/media\/[0-9a-f]+-\d+\.webp$/)
}

describe.each(testDatabases().slice(0, 1))('posts as stored XSS on $name', ({ open }) => {
  let handle: DatabaseHandle
  let author: Awaited<ReturnType<typeof createTestAuthor>>

  beforeAll(async () => {
    announceSeed('posts')
    handle = await open()
    author = await createTestAuthor(handle.db)
  })
  afterAll(async () => {
    await handle.close()
  })

  it('shows every post field as text on every page and file that carries it', { timeout: LONG_RUN_TIMEOUT }, async () => {
    const at = new Date('2026-03-01T06:00:00Z')
    const now = new Date('2026-03-02T06:00:00Z')
    let checked = 0
    await fc.assert(
      fc.asyncProperty(post, async (generated) => {
        const written = LOCALES.filter((l) => generated.texts[l])
        if (written.length === 0) return
        const id = await publishTestPost(handle.db, author, {
          stream: generated.stream,
          texts: Object.fromEntries(written.map((l) => [l, generated.texts[l]!])),
          at,
          cover: COVER,
          event:
            generated.stream === 'news' && generated.event
              ? { start: new Date('2026-04-01T04:30:00Z'), place: generated.place }
              : undefined,
        })
        for (const locale of ['en', 'fa'] as Locale[]) {
          const texts = messagesFor(locale).posts.public
          const view = await readPublicPost(handle.db, { stream: generated.stream, id, locale, now })
          expect(view).not.toBeNull()
          const values = [view!.title, view!.summary, view!.event?.place, view!.cover?.alt]
          const page = renderScreen(
            view!.path,
            { id: 'root', path: '/', Component: Outlet },
            {
              id: 'post',
              path: '*',
              Component: () => <PostArticle post={view!} texts={texts} locale={locale} preview={false} course={null} />,
            },
          )
          // The body is the sanitiser's HTML, checked on its own; the rest of the page escapes every value.
          expectSafeBody(view!.html)
          expectEscaped(page.replace(view!.html, ''), values, `post page ${id} (${locale})`)

          // The card as the lists show it (the page's own card: the lists' order puts it anywhere).
          const card = view!
          const cards = renderScreen(
            '/',
            { id: 'root', path: '/', Component: Outlet },
            { id: 'list', path: '*', Component: () => <PostGrid posts={[card]} texts={texts} locale={locale} label="Posts" /> },
          )
          expectEscaped(cards, [card.title, card.summary, card.event?.place], `list card ${id} (${locale})`)

          // JSON-LD sits in a script element: nothing in it may close that element.
          const jsonLd = postJsonLd(view!, locale, BASE, 'Clinic')
          expect(jsonLd.toLowerCase()).not.toContain('</script')
          expect(jsonLd).not.toContain('<!--')
          expect(JSON.parse(jsonLd).headline ?? JSON.parse(jsonLd).name).toBe(view!.title)
          for (const tag of postHeadTags(view!, locale, BASE, 'Clinic', false))
            if ('href' in tag) expect(tag.href.startsWith(`${BASE}/`)).toBe(true)

          if (view!.event) {
            const ics = eventIcs(
              {
                uid: `post-${id}@dental.example.af`,
                start: new Date(view!.event.start),
                end: null,
                title: view!.title,
                description: view!.summary,
                place: view!.event.place,
                url: `${BASE}${view!.path}`,
                updated: at,
              },
              'Academy',
            )
            // One property a line: every line a property name, or a fold's continuation.
            for (const line of ics.split('\r\n').slice(0, -1)) expect(line).toMatch(/^(?:[A-Z-]+[;:]| )/)
            expect(ics.split('\r\n').filter((line) => line === 'BEGIN:VEVENT')).toHaveLength(1)
          }
        }
        for (const locale of written) {
          const xml = await postFeedXml(handle.db, { stream: generated.stream, locale, now, publicUrl: BASE, title: 'Feed' })
          // Outside the CDATA sections, the feed holds only its own elements.
          const outside = xml.replace(/<!\[CDATA\[[\s\S]*?\]\]>/g, '')
          expect(outside).not.toMatch(/<(?!\/?(?:\?xml|feed|id|title|updated|link|entry|summary|author|name|published)[\s>/?])/)
          for (const cdata of xml.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)) expect(cdata[1]).not.toMatch(/</)
        }
        checked++
      }),
      fuzzParameters(STAFF_ACTION_RUNS),
    )
    expect(checked).toBeGreaterThan(STAFF_ACTION_RUNS / 2)
  })
})
