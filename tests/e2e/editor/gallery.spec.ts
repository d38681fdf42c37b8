import { expect, test, type Browser, type Page } from '../support/test'
import sharp from 'sharp'
import { EDITOR, signInBeforeEach } from '../support/admin'
import { accessibilityProblems } from '../support/axe'
import { collectBrowserErrors, liveNotice } from '../support/page'

// The gallery publishes for real (an album on /clinic/gallery): this spec runs in the editor
// project, on a server of its own, and deletes its album at the end, so the page is the spec's
// placeholder again (tests/e2e/public/pages.spec.ts checks it on the fresh site).
const tag = { tag: '@site-editor' }
const run = Date.now().toString(36)
/** Console errors of the last visitor page (CSP violations appear here too). */
let problems: string[] = []

signInBeforeEach(EDITOR)

async function answered(page: Page, button: ReturnType<Page['getByRole']>, notice: string) {
  const response = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes('/admin/gallery'))
  await button.click()
  await response
  await expect(liveNotice(page, notice)).toBeVisible()
}

/** The public gallery as a visitor sees it: no staff session; `javaScript` off for the plain-links viewer. */
async function visitorPage(browser: Browser, javaScriptEnabled = true): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled })
  const page = await context.newPage()
  problems = collectBrowserErrors(page)
  await page.goto('/clinic/gallery')
  return page
}

test(
  'gallery: a patient photo stays off the public page until consent is ticked; the viewer opens with the keyboard',
  tag,
  async ({ page, browser }) => {
    const picture = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#0e7490' } })
      .composite([{ input: Buffer.from(`<svg width="1200" height="800"><text x="80" y="400" font-size="120">${run}</text></svg>`) }])
      .png()
      .toBuffer()
    await page.goto('/admin/media')
    await page.getByLabel('Image file').setInputFiles({ name: 'smile.png', mimeType: 'image/png', buffer: picture })
    await page.getByLabel('Description (English)').fill(`Smile ${run}`)
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(liveNotice(page, 'Image uploaded.')).toBeVisible()

    await page.goto('/admin/gallery')
    await page.getByRole('link', { name: 'New album' }).click()
    await page.getByLabel('Title (English)').fill(`Smiles ${run}`)
    await page.getByLabel('Published: shown on the public site').check()
    await page.getByRole('button', { name: 'Save album' }).click()
    await expect(page).toHaveURL(/\/admin\/gallery\?album=\d+$/)

    const adding = page.getByRole('region', { name: 'Add a photo from the media library' })
    await adding.getByRole('radio', { name: `Smile ${run}` }).check()
    await adding.getByLabel('Shows a patient').check()
    await answered(page, adding.getByRole('button', { name: 'Add photo' }), 'Photo added')
    const photo = page.getByRole('listitem', { name: 'Photo 1' })
    await expect(photo.getByText("waiting for the patient's consent")).toBeVisible()

    // Published album, but its only photo shows a patient without consent: the page stays the placeholder.
    const before = await visitorPage(browser)
    await expect(before.getByText('This page is under construction.')).toBeVisible()
    await expect(before.getByRole('link', { name: new RegExp(`Smile ${run}`) })).toHaveCount(0)
    await before.context().close()

    await photo.getByLabel('Caption (English)').fill(`Crown ${run}`)
    await photo.getByLabel("The patient's written consent is on file").check()
    await answered(page, photo.getByRole('button', { name: 'Save photo' }), 'Photo saved')
    await expect(photo.getByText(`Consent ticked by ${EDITOR.username}`)).toBeVisible()
    expect(await accessibilityProblems(page), 'the Gallery screen: serious or critical accessibility violations').toEqual([])

    const visitor = await visitorPage(browser)
    await expect(visitor.getByRole('heading', { level: 2, name: `Smiles ${run}` })).toBeVisible()
    const structured = await visitor.locator('script[type="application/ld+json"]').allTextContents()
    const gallery = structured
      .map((text) => JSON.parse(text) as { '@type': string; hasPart?: { name: string }[] })
      .find((d) => d['@type'] === 'ImageGallery')
    expect(gallery?.hasPart?.map((album) => album.name)).toContain(`Smiles ${run}`)
    expect(await accessibilityProblems(visitor), 'serious or critical accessibility violations').toEqual([])
    const link = visitor.getByRole('link', { name: `Show the photo larger: Crown ${run}` })
    await link.focus()
    await visitor.keyboard.press('Enter')
    const dialog = visitor.getByRole('dialog', { name: 'Photo' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('img', { name: `Smile ${run}` })).toBeVisible()
    await visitor.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(link).toBeFocused()
    expect(problems, 'errors in the browser console').toEqual([])
    await visitor.context().close()

    // Without JavaScript the same link goes to the photo's anchor, which shows the large image and a way back.
    const plain = await visitorPage(browser, false)
    await plain.getByRole('link', { name: `Show the photo larger: Crown ${run}` }).click()
    await expect(plain).toHaveURL(/#photo-\d+$/)
    await expect(plain.locator(':target').getByRole('img', { name: `Smile ${run}` })).toBeVisible()
    await plain.locator(':target').getByRole('link', { name: 'Close' }).click()
    await expect(plain).toHaveURL(/#album-\d+$/)
    await plain.context().close()

    await page.getByLabel('Yes, delete this album and its photos').check()
    await page.getByRole('button', { name: 'Delete album' }).click()
    await expect(page).toHaveURL(/\/admin\/gallery$/)
    const after = await visitorPage(browser)
    await expect(after.getByText('This page is under construction.')).toBeVisible()
    await after.context().close()
  },
)
