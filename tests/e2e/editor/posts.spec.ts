import { expect, test, type Page } from '../support/test'
import sharp from 'sharp'
import { kabulDateTime } from '~/lib/i18n/staff-dates'
import { messagesFor } from '~/locales'
import { ACADEMY, EDITOR, RECEPTION, signInBeforeEach } from '../support/admin'
import { accessibilityProblems } from '../support/axe'
import { liveNotice } from '../support/page'
import { fillStaffDate } from '../support/staff-date'

// The Posts screen as staff use it. Publishing changes what /clinic/blog shows (a placeholder while
// nothing is published, which the public specs check): these specs run in the editor project, on
// a server of its own, and the article is archived again at the end.
const tag = { tag: '@site-editor' }
const run = Date.now().toString(36)
const fa = messagesFor('fa').posts.editor

/** The first whole minute at least 20 seconds from now: the schedule's time (the form takes minutes). */
function nextMinute(): Date {
  const at = new Date(Date.now() + 20_000)
  at.setUTCSeconds(0, 0)
  at.setUTCMinutes(at.getUTCMinutes() + 1)
  return at
}

/** Uploads a picture to the media library (English panel) and returns its description. */
async function uploadPicture(page: Page): Promise<string> {
  const picture = await sharp({ create: { width: 800, height: 500, channels: 3, background: '#1d4ed8' } })
    .composite([{ input: Buffer.from(`<svg width="800" height="500"><text x="40" y="260" font-size="90">${run}</text></svg>`) }])
    .png()
    .toBuffer()
  const description = `Toothbrush ${run}`
  await page.goto('/admin/media')
  await page.getByLabel('Image file').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: picture })
  await page.getByLabel('Description (English)', { exact: true }).fill(description)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(liveNotice(page, 'Image uploaded.')).toBeVisible()
  return description
}

/** No serious accessibility problem on the screens, in English and in Dari. */
async function checkScreens(page: Page, baseURL: string, paths: string[]) {
  for (const lang of ['en', 'fa']) {
    await page.context().addCookies([{ name: 'admin_lang', value: lang, url: `${baseURL}/admin` }])
    for (const path of paths) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      expect(await accessibilityProblems(page), `${path} (${lang})`).toEqual([])
    }
  }
}

test.describe('an editor', () => {
  signInBeforeEach(EDITOR)

  test('finds the article editor free of serious accessibility problems', tag, async ({ page, baseURL }) => {
    await checkScreens(page, baseURL!, ['/admin/posts/new?stream=articles'])
  })

  test(
    'writes a Dari article with a cover, schedules it, and it appears at its time with its sharing tags and sitemap entry',
    tag,
    async ({ page, baseURL }) => {
      const cover = await uploadPicture(page)
      // The staff panel in Dari: the schedule is given in the Solar Hijri calendar.
      await page.context().addCookies([{ name: 'admin_lang', value: 'fa', url: `${baseURL}/admin` }])
      await page.goto('/admin/posts/new?stream=articles')
      await page.getByRole('tab', { name: 'دری' }).click()
      const title = `مسواک زدن درست ${run}`
      await page.getByLabel(`${fa.fields.title} (دری)`).fill(title)
      await page.getByLabel(`${fa.fields.summary} (دری)`).fill('دو بار در روز، دو دقیقه.')
      await page.getByLabel(`${fa.fields.body} (دری)`).fill('## چرا مهم است\n\nمسواک زدن *منظم* از پوسیدگی جلوگیری می‌کند.')
      await page.getByLabel(fa.fields.coverAlt.replace('{language}', 'دری')).fill('یک مسواک آبی')
      await page.getByLabel(fa.fields.cover, { exact: true }).selectOption({ label: cover })
      await page.getByRole('combobox', { name: fa.fields.status, exact: true }).selectOption({ label: fa.statuses.scheduled })
      const at = nextMinute()
      const [day, clock] = kabulDateTime(at).split(' ') as [string, string]
      await fillStaffDate(page, fa.fields.publishDate, day, 'fa')
      await page.getByLabel(fa.fields.publishTime).fill(clock)
      await page.getByRole('button', { name: fa.save, exact: true }).click()
      await expect(page).toHaveURL(/\/admin\/posts\/\d+\?saved$/)
      await expect(liveNotice(page, fa.savedTitle)).toBeVisible()
      const id = /\/admin\/posts\/(\d+)/.exec(page.url())![1]!

      try {
        // Staff see it before its time in the preview, which no search engine indexes.
        const preview = await page.request.get(`/fa/clinic/blog/${id}?preview`)
        expect(preview.headers()['x-robots-tag']).toContain('noindex')
        expect(await preview.text()).toContain(title)
        expect(Date.now()).toBeLessThan(at.getTime())
        expect(await (await page.request.get('/fa/clinic/blog')).text()).not.toContain(title)

        // At its time the Dari list shows it (the server's own clock decides).
        await expect
          .poll(async () => (await page.request.get('/fa/clinic/blog')).text(), { timeout: 150_000, intervals: [2_000] })
          .toContain(title)
        await page.goto('/fa/clinic/blog')
        await page.getByRole('link', { name: title }).first().click()
        await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
        await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', new RegExp(title))
        await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', /\/media\/[a-f0-9]{20}-\d+\.webp$/)
        await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', 'یک مسواک آبی')
        const sitemap = await (await page.request.get('/sitemap.xml')).text()
        expect(sitemap).toContain(`/fa/clinic/blog/${id}</loc>`)
      } finally {
        // Archived again: the public list goes back to what it showed before.
        await page.goto(`/admin/posts/${id}`)
        await page.getByRole('combobox', { name: fa.fields.status, exact: true }).selectOption({ label: fa.statuses.archived })
        await page.getByRole('button', { name: fa.save, exact: true }).click()
        await expect(liveNotice(page, fa.savedTitle)).toBeVisible()
      }
    },
  )
})

test.describe('the academy office', () => {
  signInBeforeEach(ACADEMY)

  test('finds the list and the news editor free of serious accessibility problems', tag, async ({ page, baseURL }) => {
    await checkScreens(page, baseURL!, ['/admin/posts', '/admin/posts/new?stream=news'])
  })
})

test.describe('an editor without JavaScript', () => {
  test.use({ javaScriptEnabled: false })
  signInBeforeEach(EDITOR)

  test('gets a refused post back with its text and the reason, then saves it as a draft', tag, async ({ page }) => {
    const title = `Flossing ${run}`
    await page.goto('/admin/posts/new?stream=articles')
    await page.getByLabel('Title (English)').fill(title)
    await page.getByLabel('Text (Markdown) (English)').fill('Once a day, *gently*.')
    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Scheduled' })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page.getByText('A scheduled post needs a day and a time.')).toBeVisible()
    await expect(page.getByLabel('Title (English)')).toHaveValue(title)
    await expect(page.getByLabel('Text (Markdown) (English)')).toHaveValue('Once a day, *gently*.')

    await page.getByRole('combobox', { name: 'Status', exact: true }).selectOption({ label: 'Draft' })
    await page.getByRole('button', { name: 'Save', exact: true }).click()
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\?saved$/)
    await expect(page.getByLabel('Title (English)')).toHaveValue(title)
    await page.goto('/admin/posts?status=draft')
    await expect(page.getByRole('link', { name: title })).toBeVisible()
  })
})

test.describe('an editor without JavaScript, between languages', () => {
  test.use({ javaScriptEnabled: false })
  signInBeforeEach(EDITOR)

  test('moves between the language tabs keeping what was typed, and Enter in a field still saves', tag, async ({ page }) => {
    const title = `Mouthwash ${run}`
    await page.goto('/admin/posts/new?stream=articles')
    await page.getByLabel('Title (English)').fill(title)
    await page.getByLabel('Text (Markdown) (English)').fill('Rinse after brushing.')
    await page.getByRole('tab', { name: 'Dari' }).click()
    await expect(page.getByRole('tab', { name: 'Dari' })).toHaveAttribute('aria-selected', 'true')
    await page.getByLabel('Title (Dari)').fill('دهان‌شویه')
    await page.getByLabel('Text (Markdown) (Dari)').fill('بعد از برس کردن.')
    await page.getByRole('tab', { name: 'English' }).click()
    await expect(page.getByLabel('Title (English)')).toHaveValue(title)
    await expect(page.getByLabel('Text (Markdown) (English)')).toHaveValue('Rinse after brushing.')
    // Enter in a field saves, as it did before the tabs were buttons of the form.
    await page.getByLabel('Title (English)').press('Enter')
    await expect(page).toHaveURL(/\/admin\/posts\/\d+\?saved$/)
    await expect(page.getByLabel('Title (English)')).toHaveValue(title)
    await page.getByRole('tab', { name: 'Dari' }).click()
    await expect(page.getByLabel('Title (Dari)')).toHaveValue('دهان‌شویه')
  })
})

test.describe('reception', () => {
  signInBeforeEach(RECEPTION)

  test('reads the posts but cannot write one', tag, async ({ page, baseURL }) => {
    await page.goto('/admin/posts')
    await expect(page.getByRole('heading', { level: 1, name: 'Posts' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'New clinic article' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'New academy news or event' })).toHaveCount(0)
    expect((await page.request.get('/admin/posts/new?stream=articles')).status()).toBe(403)
    for (const stream of ['articles', 'news']) {
      const answer = await page.request.post(`/admin/posts/new?stream=${stream}`, {
        form: { intent: 'save', 'title.en': `Not allowed ${run}`, 'body.en': 'Text' },
        headers: { Origin: baseURL! },
        maxRedirects: 0,
      })
      expect(answer.status()).toBe(403)
    }
  })
})
