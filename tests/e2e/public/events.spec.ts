import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { PGLITE_EXTENSIONS } from '../../../db/pglite-extensions.js'
import { messagesFor } from '~/locales'
import { test as base, expect, type Page } from '../support/test'
import { withPrivateServer } from '../support/private-server'
import { ADMIN, ensureAccounts, signIn } from '../support/admin'
import { accessibilityProblems } from '../support/axe'
import { untilKept } from './offline-support'
import { clickAndLoad } from '../support/page'

// An academy event linked to a course, as a visitor meets it: in the upcoming events of News &
// Events, on its page with Register and a calendar file, in the feed, in the archive once over, and
// on the academy homepage once staff show its Next events section.
// The posts are written into the database before the server starts (each worker its own server).

const en = messagesFor('en')
const fa = messagesFor('fa')
const UPCOMING = 'Radiology open day'
const PAST = 'Implant workshop of last year'

const text = (title: string) => ({ title, summary: `${title} in short`, body: `About ${title}.` })
const blank = { title: '', summary: '', body: '' }

async function seed(dataDir: string): Promise<void> {
  const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
  await migrate(drizzle({ client }), { migrationsFolder: path.resolve('db/migrations') })
  const insert = (title: string, start: string, end: string | null, course: string | null) =>
    client.query(
      `insert into posts (stream, slug, status, publish_at, texts, languages, author_name, event_start, event_end, place, course_id)
       values ('news', $1, 'published', '2020-01-01T00:00:00Z', $2, '{en}', 'Academy office', $3, $4, $5, $6)`,
      [
        title.toLowerCase().replace(/ /g, '-'),
        JSON.stringify({ en: text(title), fa: blank, ps: blank }),
        start,
        end,
        JSON.stringify({ en: 'Main hall, Shahr-e Naw', fa: '', ps: '' }),
        course,
      ],
    )
  // 09:00 to 12:30 in Kabul (UTC+4:30).
  await insert(UPCOMING, '2099-03-10T04:30:00Z', '2099-03-10T08:00:00Z', 'radiology')
  await insert(PAST, '2021-05-02T04:30:00Z', null, null)
  await client.close()
}

const test = base.extend<object, { eventServer: { baseURL: string } }>({
  eventServer: [
    async ({}, use) => withPrivateServer({ FORM_RATE_LIMIT: '1000' }, (baseURL) => use({ baseURL }), seed),
    { scope: 'worker', timeout: 120_000 },
  ],
  baseURL: async ({ eventServer }, use) => use(eventServer.baseURL),
})

function publicForm(page: Page) {
  return page.locator('form:has(input[name="token"])')
}

// One of these tests opens a page offline from the service worker (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

test('register for a course from its event without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/academy/news')
  const upcoming = page.getByRole('list', { name: en.posts.public.upcoming })
  await upcoming.getByRole('link', { name: UPCOMING }).click()
  await expect(page.getByRole('heading', { level: 1, name: UPCOMING })).toBeVisible()
  await expect(page.getByText('Main hall, Shahr-e Naw')).toBeVisible()

  await page.getByRole('link', { name: en.posts.public.register }).click()
  await expect(page).toHaveURL(/\/academy\/register\?course=radiology$/)
  const form = publicForm(page)
  const labels = en.forms.registration
  await expect(form.getByLabel(labels.course)).toHaveValue('radiology')
  await form.getByLabel(labels.name).fill('Event Visitor')
  await form.getByLabel(labels.email).fill('event.visitor@example.org')
  await form.getByLabel(labels.phone).fill('0791234567')
  await form.getByLabel(labels.address).fill('Karte Se, Kabul')
  await form.getByLabel(labels.education).fill('Grade 12')
  await form.getByRole('button', { name: labels.submit }).click()
  await expect(page.getByText(labels.successTitle).first()).toBeVisible()
  await expect(page.getByText(en.academy.courses.names.radiology).first()).toBeVisible()
  await context.close()
})

test('an event offers its calendar file in Kabul time', async ({ page, request }) => {
  await page.goto('/academy/news')
  await page.getByRole('link', { name: UPCOMING }).first().click()
  const href = await page.getByRole('link', { name: en.posts.public.addToCalendar }).getAttribute('href')
  expect(href).toMatch(/^\/academy\/news\/\d+\/event\.ics$/)
  for (let i = 0; i < 2; i++) {
    // The second answer comes from the page cache, with the same headers.
    const response = await request.get(href!)
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toBe('text/calendar; charset=utf-8')
    expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="event-\d+\.ics"$/)
    const ics = (await response.text()).replace(/\r\n /g, '')
    expect(ics).toContain('DTSTART;TZID=Asia/Kabul:20990310T090000\r\n')
    expect(ics).toContain('DTEND;TZID=Asia/Kabul:20990310T123000\r\n')
    expect(ics).toContain(`SUMMARY:${UPCOMING}\r\n`)
    expect(ics).toContain('LOCATION:Main hall\\, Shahr-e Naw\r\n')
  }
  // A post that is no event has no calendar file.
  expect((await request.get('/academy/news/999999/event.ics')).status()).toBe(404)
})

test('past events are in the archive, and the list links its feed', async ({ page, request }) => {
  await page.goto('/academy/news')
  await expect(page.getByRole('list', { name: en.posts.public.upcoming }).getByRole('link', { name: PAST })).toHaveCount(0)
  const feedHref = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').getAttribute('href')
  expect(feedHref).toBe('/academy/news/feed.xml')
  await page.getByRole('link', { name: en.posts.public.pastEventsLink }).click()
  await expect(page).toHaveURL(/\/academy\/news\?past$/)
  const archive = page.getByRole('list', { name: en.posts.public.pastEvents })
  await expect(archive.getByRole('link')).toHaveText([PAST])

  const feed = await request.get(feedHref!)
  expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8')
  const xml = await feed.text()
  expect(xml).toContain(`<![CDATA[${UPCOMING}]]>`)
  expect(xml).toContain(`<![CDATA[${PAST}]]>`)
  expect((await request.get('/ps/academy/news/feed.xml')).status()).toBe(200)
})

test('staff show the next events on the academy homepage without JavaScript, and visitors see them at once', async ({
  browser,
  baseURL,
}) => {
  const visitor = await browser.newContext()
  const home = await visitor.newPage()
  await home.goto('/academy')
  // A fresh site: the spec's academy homepage, no events section.
  await expect(home.getByRole('heading', { level: 2, name: en.posts.public.nextEvents })).toHaveCount(0)

  await ensureAccounts(baseURL!)
  const staff = await browser.newContext({ javaScriptEnabled: false })
  const page = await staff.newPage()
  await signIn(page, ADMIN)
  await page.goto('/admin/layout')
  await page.getByRole('link', { name: 'Academy homepage' }).click()
  await expect(page).toHaveURL(/\/admin\/layout\?site=academy$/)
  const list = page.getByRole('list', { name: 'Homepage sections, in order' })
  await expect(list.getByRole('listitem')).toHaveText([/Hero Section/, /Why Study With Us/, /Online Courses/, /Next events.*Hidden/])
  await clickAndLoad(page, page.getByRole('button', { name: 'Show Next events' }))
  await clickAndLoad(page, page.getByRole('button', { name: 'Move Next events up' }))
  await expect(list.getByRole('listitem')).toHaveText([/Hero Section/, /Why Study With Us/, /Next events.*Shown/, /Online Courses/])
  await clickAndLoad(page, page.getByRole('button', { name: 'Save Layout' }))
  await expect(page.getByRole('status').filter({ hasText: 'Layout saved.' })).toBeVisible()
  // The clinic's homepage keeps its own six sections.
  await page.getByRole('link', { name: 'Clinic homepage' }).click()
  await expect(list.getByRole('listitem')).toHaveCount(6)
  await staff.close()

  // The page the visitor saw a moment ago was cached; the save shows at once.
  await home.goto('/academy')
  const next = home.getByRole('list', { name: en.posts.public.nextEvents })
  await expect(next.getByRole('link', { name: UPCOMING })).toBeVisible()
  await expect(next.getByRole('link', { name: PAST })).toHaveCount(0)
  const headings = await home.getByRole('heading', { level: 2 }).allTextContents()
  expect(headings.indexOf(en.posts.public.nextEvents)).toBeLessThan(headings.indexOf(en.academy.online.heading))
  expect(headings.indexOf(en.posts.public.nextEvents)).toBeGreaterThan(headings.indexOf(en.academy.strengths.heading))
  await home.getByRole('link', { name: en.posts.public.allNews }).click()
  await expect(home).toHaveURL(/\/academy\/news$/)

  await home.goto('/fa/academy')
  const dari = home.getByRole('list', { name: fa.posts.public.nextEvents })
  // Written in English only: listed for Dari readers, saying its language.
  await expect(dari.getByRole('link', { name: UPCOMING })).toBeVisible()
  await expect(dari.getByText(fa.posts.public.languageNames.en)).toBeVisible()
  expect(await accessibilityProblems(home)).toEqual([])
  await visitor.close()
})

test('an event a visitor has read opens again offline, from the service worker', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto('/academy/news')
  const href = await page.getByRole('list', { name: en.posts.public.upcoming }).getByRole('link', { name: UPCOMING }).getAttribute('href')
  await page.goto(href!)
  await expect(page.getByRole('heading', { level: 1, name: UPCOMING })).toBeVisible()
  // The offline line comes from the kept offline page, kept beside the event's.
  await untilKept(page, [href!, '/offline'])
  const line = page.getByRole('status').filter({ hasText: en.offline.notice })
  await expect(line).toBeHidden()

  await context.setOffline(true)
  await page.goto(href!)
  await expect(page.getByRole('heading', { level: 1, name: UPCOMING })).toBeVisible()
  await expect(page.getByText('Main hall, Shahr-e Naw')).toBeVisible()
  await expect(line).toBeVisible()
  await context.close()
})
