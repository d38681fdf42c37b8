import { expect, test, type Page } from '../support/test'
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import { messagesFor } from '~/locales'
import { ADMIN, EDITOR, signIn, signInBeforeEach, ensureAccounts } from '../support/admin'
import { clickAndLoad, liveNotice } from '../support/page'

// The collections (services, doctors, testimonials, faculty, courses) publish for real, like the
// other editor screens: these specs run in the editor project, one at a time, and each restores the
// version that was published before it.
test.describe.configure({ mode: 'serial' })
const tag = { tag: '@site-editor' }
const run = Date.now().toString(36)

signInBeforeEach(EDITOR)

/** Clicks a save or restore button and waits for the action's answer, then for its notice. */
async function submit(page: Page, button: ReturnType<Page['getByRole']>, notice: string) {
  const answered = page.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().includes('/admin/collections'),
  )
  await button.click()
  await answered
  await expect(liveNotice(page, notice)).toBeVisible()
}

/** Publishes the collection once as it is when nothing was saved yet, so that there is a version to go back to. */
async function ensureBaseline(page: Page, collection: string, save: string) {
  await page.goto(`/admin/collections?c=${collection}`)
  if (await page.getByText('Not changed yet').isVisible()) {
    await submit(page, page.getByRole('button', { name: save }), 'Collection saved.')
    await page.goto(`/admin/collections?c=${collection}`)
  }
}

/** Publishes again the version before the last save (the first 'Restore this version' of the history). */
async function restorePrevious(page: Page, collection: string) {
  await page.goto(`/admin/collections?c=${collection}`)
  await submit(page, page.getByRole('button', { name: /^Restore this version:/ }).first(), 'Previous version restored.')
}

async function serviceTitles(page: Page, path: string): Promise<string[]> {
  await page.goto(path)
  return page.locator('#main ul h2, #main ul h3').filter({ hasText: /./ }).allTextContents()
}

test('collections: a fourth doctor with a photo shows on the team page and the home page in three languages', tag, async ({ page }) => {
  const picture = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#0f766e' } })
    .composite([{ input: Buffer.from(`<svg width="600" height="600"><text x="50" y="300" font-size="80">${run}</text></svg>`) }])
    .png()
    .toBuffer()
  await page.goto('/admin/media')
  await page.getByLabel('Image file').setInputFiles({ name: 'doctor.png', mimeType: 'image/png', buffer: picture })
  await page.getByLabel('Description (English)').fill(`Portrait ${run}`)
  await page.getByRole('button', { name: 'Upload', exact: true }).click()
  await expect(liveNotice(page, 'Image uploaded.')).toBeVisible()
  const slot = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clinic Hero Image' }) })
  const imageId = await slot.getByRole('option', { name: new RegExp(`Portrait ${run}`) }).getAttribute('value')

  await ensureBaseline(page, 'doctors', 'Save Doctors')
  const name = `Dr. Test ${run}`
  try {
    await page.getByRole('button', { name: 'Add a doctor' }).click()
    const item = page.locator('li[data-item]').last()
    await expect(item.getByRole('heading', { name: 'New item' })).toBeVisible()
    await item.getByLabel('New item: Name English').fill(name)
    await item.getByLabel('New item: Name Dari').fill(`داکتر ${run}`)
    await item.getByLabel('New item: Name Pashto').fill(`ډاکټر ${run}`)
    await item.getByLabel('New item: Role English').fill('Periodontist')
    await item.getByLabel('New item: Biography English').fill('Treats gums with care.')
    await item.getByLabel('New item: Photo', { exact: true }).selectOption({ label: `Portrait ${run}` })
    await item.getByLabel('New item: Photo description English').fill(`Photo of ${name}`)
    await submit(page, page.getByRole('button', { name: 'Save Doctors' }), 'Collection saved.')

    for (const [path, shown] of [
      ['/clinic/team', name],
      ['/clinic', name],
      ['/fa/clinic/team', `داکتر ${run}`],
      ['/fa/clinic', `داکتر ${run}`],
      ['/ps/clinic/team', `ډاکټر ${run}`],
      ['/ps/clinic', `ډاکټر ${run}`],
    ] as const) {
      await page.goto(path)
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: shown }) })
      await expect(card, path).toHaveCount(1)
      // Dari and Pashto have no own description: the English one.
      await expect(card.getByRole('img', { name: `Photo of ${name}` }), path).toHaveAttribute('srcset', /\/media\/[a-f0-9]{20}-480\.webp/)
    }
    await page.goto('/clinic')
    await expect(page.locator('#team li')).toHaveCount(4)

    // The photo cannot be deleted while it is the doctor's.
    await page.goto('/admin/media')
    page.once('dialog', (dialog) => dialog.accept())
    await page.getByRole('button', { name: `Delete image ${imageId}` }).click()
    await expect(liveNotice(page, `This image is used for ${name}`)).toBeVisible()
  } finally {
    await restorePrevious(page, 'doctors')
    // The library as it was: the image is nobody's photo any more.
    await page.goto('/admin/media')
    page.once('dialog', (dialog) => dialog.accept())
    await page.getByRole('button', { name: `Delete image ${imageId}` }).click()
    await expect(liveNotice(page, 'Image deleted.')).toBeVisible()
  }
  await page.goto('/clinic/team')
  await expect(page.getByRole('heading', { name })).toHaveCount(0)
})

test(
  'collections: services reordered without JavaScript, the public order follows; an earlier version is restored',
  tag,
  async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    try {
      await signIn(page, EDITOR)
      const before = await serviceTitles(page, '/clinic/services')
      expect(before).toEqual([
        'General Dentistry',
        'Dental Implants',
        'Orthodontics',
        'Cosmetic Dentistry',
        'Root Canal Treatment',
        'Pediatric Dentistry',
      ])
      await ensureBaseline(page, 'services', 'Save Services')
      const button = (name: string) => page.getByRole('button', { name })
      await clickAndLoad(page, button('Move Pediatric Dentistry up'))
      await expect(page.getByText('You have unsaved changes.')).toBeVisible()
      await clickAndLoad(page, button('Move Pediatric Dentistry up'))
      await clickAndLoad(page, button('Hide Orthodontics'))
      await expect(page.locator('li[data-item]').nth(3)).toHaveAttribute('data-item', 'pediatric')
      await clickAndLoad(page, button('Save Services'))
      await expect(page.getByRole('status').filter({ hasText: 'Collection saved.' })).toBeVisible()
      const reordered = ['General Dentistry', 'Dental Implants', 'Pediatric Dentistry', 'Cosmetic Dentistry', 'Root Canal Treatment']
      expect(await serviceTitles(page, '/clinic/services')).toEqual(reordered)
      await page.goto('/clinic')
      await expect(page.locator('#services li h3')).toHaveText(reordered)

      // The version before this change, restored from the history.
      await page.goto('/admin/collections?c=services')
      await page
        .getByRole('button', { name: /^Restore this version:/ })
        .first()
        .click()
      await expect(page.getByRole('status').filter({ hasText: 'Previous version restored.' })).toBeVisible()
      expect(await serviceTitles(page, '/clinic/services')).toEqual(before)
    } finally {
      await context.close()
    }
  },
)

test('collections: a button pressed before the page had finished loading changes nothing, and says why', tag, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    await signIn(page, EDITOR)
    await ensureBaseline(page, 'services', 'Save Services')
    const published = await page.locator('li[data-item]').evaluateAll((items) => items.map((item) => item.getAttribute('data-item')))
    expect(published.length).toBeGreaterThan(2)
    const savedStatus = await page.getByText(/^Last published /).textContent()
    // The page as a slow link leaves it when a button is pressed: it stops before the third service.
    await page.route('**/admin/collections?c=services', async (route) => {
      if (route.request().method() !== 'GET') return route.continue()
      const html = await (await route.fetch()).text()
      const third = html.lastIndexOf('<li', html.indexOf(`data-item="${published[2]}"`))
      expect(third).toBeGreaterThan(0)
      await route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: html.slice(0, third) })
    })
    await page.goto('/admin/collections?c=services')
    await expect(page.locator('li[data-item]')).toHaveCount(2)
    await clickAndLoad(page, page.getByRole('button', { name: /^Move .* down$/ }).first())
    await expect(page.getByText(messagesFor('en').editor.common.formCutShort).first()).toBeVisible()
    await expect(page.getByText('You have unsaved changes.')).toHaveCount(0)
    await page.unroute('**/admin/collections?c=services')

    await page.goto('/admin/collections?c=services')
    expect(await page.locator('li[data-item]').evaluateAll((items) => items.map((item) => item.getAttribute('data-item')))).toEqual(
      published,
    )
    await expect(page.getByText(/^Last published /)).toHaveText(savedStatus!)
  } finally {
    await context.close()
  }
})

test('collections: a course is added (a bad fee refused, values kept) and shows on the courses page', tag, async ({ page }) => {
  await ensureBaseline(page, 'courses', 'Save Courses')
  const name = `Sterilisation Workshop ${run}`
  try {
    await page.getByRole('button', { name: 'Add a course' }).click()
    const item = page.locator('li[data-item]').last()
    await item.getByLabel('New item: Name English').fill(name)
    await item.getByLabel('New item: Description English').fill('Hands-on hygiene for the dental practice.')
    await item.getByLabel('New item: Duration English').fill('2 Weeks')
    await item.getByLabel('New item: Duration Dari').fill('۲ هفته')
    await item.getByLabel('New item: Fee (AFN)').fill('lots')
    await submit(page, page.getByRole('button', { name: 'Save Courses' }), 'Could not save the collection')
    await expect(page.getByText('Enter the fee in whole Afghani')).toBeVisible()
    await expect(page.locator('li[data-item]').last().getByLabel(`${name}: Name English`)).toHaveValue(name)
    await expect(page.locator('li[data-item]').last().getByLabel(`${name}: Fee (AFN)`)).toHaveValue('lots')

    await page.locator('li[data-item]').last().getByLabel(`${name}: Fee (AFN)`).fill('12,000')
    await submit(page, page.getByRole('button', { name: 'Save Courses' }), 'Collection saved.')

    await page.goto('/academy/courses')
    const card = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name }) })
    await expect(card.getByRole('definition')).toHaveText(['2 Weeks', 'AFN 12,000'])
    await expect(card.getByRole('link', { name: `Register ${name}` })).toHaveAttribute(
      'href',
      /\/academy\/register\?course=sterilisation-workshop-/,
    )
    await page.goto('/fa/academy/courses')
    await expect(page.getByRole('main').getByRole('listitem').filter({ hasText: name })).toContainText('۲ هفته')
  } finally {
    await restorePrevious(page, 'courses')
  }
  await page.goto('/academy/courses')
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
})

test('collections: an item dragged by its handle moves in the list, unsaved until Save', tag, async ({ page }) => {
  // Tall enough for the three items, so that the drag needs no scrolling.
  await page.setViewportSize({ width: 1280, height: 4000 })
  await page.goto('/admin/collections?c=faculty')
  const items = page.locator('li[data-item]')
  const before = await items.evaluateAll((list) => list.map((li) => li.getAttribute('data-item')))
  expect(before).toHaveLength(3)
  // Dropped on the first item's name: the list comes back with the dragged item first (a form post, unsaved).
  await page.locator(`[data-drag-handle="${before[2]}"]`).dragTo(items.first().getByRole('heading', { level: 3 }))
  await expect(items.first()).toHaveAttribute('data-item', before[2]!)
  await expect(page.getByText('You have unsaved changes.')).toBeVisible()
  // Nothing was published: the page read again shows the published order.
  await page.goto('/admin/collections?c=faculty')
  expect(await items.evaluateAll((list) => list.map((li) => li.getAttribute('data-item')))).toEqual(before)
})

test(
  'collections: a new course takes registrations; retired, it leaves the form and its registration keeps its name',
  tag,
  async ({ browser, page, baseURL }) => {
    await ensureAccounts(baseURL!)
    await ensureBaseline(page, 'courses', 'Save Courses')
    const name = `Infection Control ${run}`
    const student = `Course Student ${run}`
    let saves = 0
    const desk = await browser.newContext()
    const admin = await desk.newPage()
    try {
      await page.getByRole('button', { name: 'Add a course' }).click()
      const item = page.locator('li[data-item]').last()
      await item.getByLabel('New item: Name English').fill(name)
      await item.getByLabel('New item: Duration English').fill('3 Days')
      await submit(page, page.getByRole('button', { name: 'Save Courses' }), 'Collection saved.')
      saves += 1

      // A student registers for it.
      await page.goto('/academy/register')
      const form = page.locator('form:has(input[name="token"])')
      const labels = messagesFor('en').forms.registration
      await form.getByLabel(labels.course).selectOption({ label: name })
      await form.getByLabel(labels.name).fill(student)
      await form.getByLabel(labels.email).fill(`s${run}@example.org`)
      await form.getByLabel(labels.phone).fill(`079${String(Date.now()).slice(-7)}`)
      await form.getByLabel(labels.address).fill('Kabul')
      await form.getByLabel(labels.education).fill('Bachelor')
      await form.getByRole('button', { name: labels.submit }).click()
      await expect(page.getByText(labels.successTitle).first()).toBeVisible()

      // The desk and the CSV name the course.
      await signIn(admin, ADMIN)
      await admin.goto(`/admin/students?q=${encodeURIComponent(student)}`)
      await expect(admin.getByRole('row').filter({ hasText: student })).toContainText(name)
      const [download] = await Promise.all([admin.waitForEvent('download'), admin.getByRole('link', { name: 'Export CSV' }).click()])
      const lines = (await readFile((await download.path())!, 'utf8')).trim().split('\r\n')
      expect(lines.find((line) => line.includes(student))).toContain(`,${name},`)

      // Retired: it leaves the form; the registration still shows the name it was made under.
      await page.goto('/admin/collections?c=courses')
      await page.getByRole('button', { name: `Retire ${name}` }).click()
      await submit(page, page.getByRole('button', { name: 'Save Courses' }), 'Collection saved.')
      saves += 1
      await page.goto('/academy/register')
      await expect(page.locator('form:has(input[name="token"])').getByLabel('Course').locator('option')).not.toContainText([name])
      await expect(page.locator('form:has(input[name="token"])').getByLabel('Course').locator('option')).toHaveCount(6)
      await admin.goto(`/admin/students?q=${encodeURIComponent(student)}`)
      await expect(admin.getByRole('row').filter({ hasText: student })).toContainText(name)
    } finally {
      await desk.close()
      // The version published before this test: the history lists the earlier versions, newest first.
      if (saves > 0) {
        await page.goto('/admin/collections?c=courses')
        await submit(page, page.getByRole('button', { name: /^Restore this version:/ }).nth(saves - 1), 'Previous version restored.')
      }
    }
  },
)

test('collections: a service without Pashto is marked in the editor and counted on the dashboard', tag, async ({ page }) => {
  await ensureBaseline(page, 'services', 'Save Services')
  await page.goto('/admin/dashboard')
  const card = page.getByRole('region', { name: 'Dari and Pashto texts' })
  await expect(card).toContainText('Every published item has its Dari and Pashto texts.')

  const title = `Whitening ${run}`
  try {
    await page.goto('/admin/collections?c=services')
    await page.getByRole('button', { name: 'Add a service' }).click()
    const added = page.locator('li[data-item]').last()
    await added.getByLabel('New item: Title English').fill(title)
    await added.getByLabel('New item: Title Dari').fill(`سفید کردن ${run}`)
    await added.getByLabel('New item: Description English').fill('Brighter teeth in one visit.')
    await submit(page, page.getByRole('button', { name: 'Save Services' }), 'Collection saved.')

    // The item says which languages it lacks; each empty field says its readers see the English.
    const item = page.locator('li[data-item]').filter({ has: page.getByRole('heading', { name: title }) })
    await expect(item.locator('[data-missing-language]')).toHaveText(['No Dari text', 'No Pashto text'])
    await expect(item.getByLabel(`${title}: Title Pashto`)).toHaveAccessibleDescription('Empty: Pashto readers see the English text.')
    await expect(item.getByLabel(`${title}: Description Dari`)).toHaveAccessibleDescription('Empty: Dari readers see the English text.')
    await expect(item.getByLabel(`${title}: Title Dari`)).not.toHaveAccessibleDescription(/Empty/)
    // The spec's services show their built-in Dari and Pashto: not marked.
    await expect(page.locator('li[data-item="general"] [data-missing-language]')).toHaveCount(0)

    // The dashboard counts the published item, and links to its list.
    await page.goto('/admin/dashboard')
    await expect(card).toContainText('1 published item shows English to Dari or Pashto readers.')
    await card.getByRole('link', { name: 'Services: 1 item' }).click()
    await expect(page).toHaveURL(/\/admin\/collections\?c=services$/)
  } finally {
    await restorePrevious(page, 'services')
  }
  await page.goto('/admin/dashboard')
  await expect(card).toContainText('Every published item has its Dari and Pashto texts.')
})
