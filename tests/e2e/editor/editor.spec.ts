import { expect, test, type Page } from '../support/test'
import { accessibilityProblems } from '../support/axe'
import sharp from 'sharp'
import { ADMIN, EDITOR, RECEPTION, ensureStaff, sessionCookie, signIn, signInBeforeEach } from '../support/admin'
import { clickAndLoad, liveNotice } from '../support/page'

// The site editor publishes for real: every change shows on the public pages at once. These specs
// change what every public page shows, so they run one after another (and, in the full suite,
// after the other specs: playwright.config.ts), and each puts back what it changed.
test.describe.configure({ mode: 'serial' })
const tag = { tag: '@site-editor' }

const run = Date.now().toString(36)
const DEFAULT_PHONE = '+93 70 000 0000'

signInBeforeEach(EDITOR)

async function sectionOrder(page: Page): Promise<string[]> {
  return page.locator('#main > section[id]').evaluateAll((sections) => sections.map((s) => s.id))
}

test(
  'content: the hero title in three languages shows on /clinic, /fa/clinic and /ps/clinic, and a version can be restored',
  tag,
  async ({ page }) => {
    await page.goto('/admin/content')
    const field = (language: string) => page.getByLabel(`Hero Title ${language}`, { exact: true })
    await expect(field('Dari')).toHaveAttribute('dir', 'rtl')
    await expect(field('Pashto')).toHaveAttribute('dir', 'rtl')
    await expect(field('English')).toHaveAttribute('dir', 'ltr')
    const original = {
      en: await field('English').inputValue(),
      fa: await field('Dari').inputValue(),
      ps: await field('Pashto').inputValue(),
    }
    const titles = { en: `Gentle dental care ${run}`, fa: `مراقبت نرم دندان ${run}`, ps: `د غاښونو نرمه پاملرنه ${run}` }
    try {
      await field('English').fill(titles.en)
      await field('Dari').fill(titles.fa)
      await field('Pashto').fill(titles.ps)
      await page.getByRole('button', { name: 'Save Content' }).click()
      await expect(liveNotice(page, 'Content saved.')).toBeVisible()

      for (const [prefix, title] of [
        ['', titles.en],
        ['/fa', titles.fa],
        ['/ps', titles.ps],
      ] as const) {
        await page.goto(`${prefix}/clinic`)
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
        await expect(page.getByText('Loading website...')).toHaveCount(0)
      }

      // An empty translation shows the English text.
      await page.goto('/admin/content')
      await field('Pashto').fill('')
      await page.getByRole('button', { name: 'Save Content' }).click()
      await expect(liveNotice(page, 'Content saved.')).toBeVisible()
      await page.goto('/ps/clinic')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.en)

      // The previous version comes back.
      await page.goto('/admin/content')
      await expect(page.getByText(/by E2E Editor/).first()).toBeVisible()
      await page.getByRole('button', { name: 'Restore previous version' }).click()
      await expect(liveNotice(page, 'Previous version restored.')).toBeVisible()
      await expect(field('Pashto')).toHaveValue(titles.ps)
      await page.goto('/ps/clinic')
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles.ps)
    } finally {
      await page.goto('/admin/content')
      await field('English').fill(original.en)
      await field('Dari').fill(original.fa)
      await field('Pashto').fill(original.ps)
      await page.getByRole('button', { name: 'Save Content' }).click()
      await expect(liveNotice(page, 'Content saved.')).toBeVisible()
    }
  },
)

test('content: another tab edits the services section; its items are on the Collections screen', tag, async ({ page }) => {
  await page.goto('/admin/content')
  await page.getByRole('tab', { name: 'Services' }).click()
  await expect(page.getByRole('link', { name: 'Open Collections' })).toHaveAttribute('href', '/admin/collections?c=services')
  const heading = page.getByLabel('Services: Heading English', { exact: true })
  const before = await heading.inputValue()
  try {
    await heading.fill(`Treatments ${run}`)
    await page.getByRole('button', { name: 'Save Content' }).click()
    await expect(liveNotice(page, 'Content saved.')).toBeVisible()
    await page.goto('/clinic/services')
    await expect(page.getByRole('heading', { level: 1, name: `Treatments ${run}` })).toBeVisible()
  } finally {
    await page.goto('/admin/content?tab=services')
    await page.getByLabel('Services: Heading English', { exact: true }).fill(before)
    await page.getByRole('button', { name: 'Save Content' }).click()
    await expect(liveNotice(page, 'Content saved.')).toBeVisible()
  }
})

test('theme: colour and font preview at once and apply to the public pages, rendered by the server', tag, async ({ page }) => {
  await page.goto('/admin/theme')
  const colour = page.getByLabel('Clinic Site primary colour (hexadecimal)')
  const preview = page.getByTestId('preview-clinic')
  try {
    await colour.fill('#0f766e')
    await expect(preview.getByText('Book Online')).toHaveCSS('background-color', 'rgb(15, 118, 110)')
    await page.getByLabel('Global Font Family').selectOption('Lato')
    await expect(preview.getByText('Your Smile, Our Priority')).toHaveCSS('font-family', /Lato/)

    // The contrast rule: a light colour keeps a readable shade for white text, and says so.
    await colour.fill('#ffff00')
    await expect(page.getByRole('tabpanel', { name: 'Clinic Site' }).getByText(/hard to read/)).toBeVisible()
    // Not a colour: a clear error.
    await colour.fill('blue')
    await expect(page.getByText('Enter a colour as # and 6 hexadecimal digits, for example #2563eb.')).toBeVisible()
    await page.getByRole('button', { name: 'Save Theme Settings' }).click()
    await expect(liveNotice(page, 'Could not save theme')).toBeVisible()

    await colour.fill('#0f766e')
    await page.getByRole('button', { name: 'Save Theme Settings' }).click()
    await expect(liveNotice(page, 'Theme Saved')).toBeVisible()

    // With JavaScript off, the server alone draws the page in the new theme (no flash of the old).
    const context = await page.context().browser()!.newContext({ javaScriptEnabled: false })
    const publicPage = await context.newPage()
    await publicPage.goto('/clinic')
    await expect(publicPage.getByRole('banner').getByRole('link', { name: 'Book Online' })).toHaveCSS(
      'background-color',
      'rgb(15, 118, 110)',
    )
    await expect(publicPage.locator('body')).toHaveCSS('font-family', /^Lato/)
    await context.close()
  } finally {
    await page.goto('/admin/theme')
    await page.getByRole('button', { name: 'Reset to defaults' }).click()
    await page.getByRole('button', { name: 'Save Theme Settings' }).click()
    await expect(liveNotice(page, 'Theme Saved')).toBeVisible()
  }
  await page.goto('/clinic')
  await expect(page.getByRole('banner').getByRole('link', { name: 'Book Online' })).toHaveCSS('background-color', 'rgb(37, 99, 235)')
})

async function resetLayout(page: Page) {
  await page.goto('/admin/layout')
  const order = ['hero', 'services', 'about', 'team', 'testimonials', 'booking']
  const form = new URLSearchParams([
    ...order.map((id) => ['order', id]),
    ...order.map((id) => ['visible', id]),
    ['intent', 'save'],
    ['formEnd', '1'],
  ])
  const response = await page.request.post('/admin/layout', {
    headers: { Origin: new URL(page.url()).origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    data: form.toString(),
  })
  expect(response.ok()).toBe(true)
}

test('layout: hide, reorder by buttons and by dragging, and the homepage follows', tag, async ({ page }) => {
  await page.goto('/admin/layout')
  const items = page.locator('li[data-section]')
  try {
    await page.getByRole('button', { name: 'Hide Testimonials' }).click()
    await expect(page.getByRole('button', { name: 'Show Testimonials' })).toHaveAttribute('aria-pressed', 'true')
    const up = page.getByRole('button', { name: 'Move Book Appointment Form up' })
    for (let i = 0; i < 5; i++) await up.click()
    await expect(up).toBeFocused()
    await expect(items.first()).toHaveAttribute('data-section', 'booking')
    // Drag About Us onto Hero Section.
    await page.locator('li[data-section="about"]').dragTo(page.locator('li[data-section="hero"]'))
    await expect(items).toHaveCount(6)
    expect(await items.evaluateAll((list) => list.map((li) => li.getAttribute('data-section')))).toEqual([
      'booking',
      'about',
      'hero',
      'services',
      'team',
      'testimonials',
    ])
    await page.getByRole('button', { name: 'Save Layout' }).click()
    await expect(liveNotice(page, 'Layout saved.')).toBeVisible()

    await page.goto('/clinic')
    expect(await sectionOrder(page)).toEqual(['booking', 'about', 'hero', 'services', 'team'])
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  } finally {
    await resetLayout(page)
  }
  await page.goto('/clinic')
  expect(await sectionOrder(page)).toEqual(['hero', 'services', 'about', 'team', 'testimonials', 'booking'])
})

test('layout: Move up and Hide work without JavaScript, as form posts', tag, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    await signIn(page, EDITOR)
    await page.goto('/admin/layout')
    await clickAndLoad(page, page.getByRole('button', { name: 'Move Services up' }))
    await expect(page.locator('li[data-section]').first()).toHaveAttribute('data-section', 'services')
    await expect(page.getByText('You have unsaved changes.')).toBeVisible()
    await clickAndLoad(page, page.getByRole('button', { name: 'Hide About Us' }))
    await clickAndLoad(page, page.getByRole('button', { name: 'Save Layout' }))
    await expect(page.getByRole('status').filter({ hasText: 'Layout saved.' })).toBeVisible()
    await page.goto('/clinic')
    expect(await sectionOrder(page)).toEqual(['services', 'hero', 'team', 'testimonials', 'booking'])
  } finally {
    await resetLayout(page)
    await context.close()
  }
})

test('settings: the phone shows in the banner, footer, contact page, QR code, WhatsApp link and structured data', tag, async ({ page }) => {
  await page.goto('/admin/settings')
  const phone = page.getByLabel('Primary Phone Number')
  await expect(phone).toHaveValue(DEFAULT_PHONE)
  try {
    // Bad values get their reasons and nothing is saved.
    await phone.fill('12')
    await page.getByLabel('Clinic Email').fill('not-an-email')
    await page.getByLabel('Facebook URL').fill('http://facebook.com/clinic')
    await page.getByRole('button', { name: 'Save All Settings' }).click()
    await expect(page.getByText('Enter a valid phone number, for example +93 70 123 4567 or 0701234567.')).toBeVisible()
    await expect(page.getByText('Enter a valid e-mail address, for example clinic@example.com.')).toBeVisible()
    await expect(page.getByText('Enter a full secure web address starting with https://, or leave it empty.')).toBeVisible()

    await phone.fill('0799 123 456')
    await page.getByLabel('Clinic Email').fill('clinic@example.com')
    await page.getByLabel('Facebook URL').fill('https://facebook.com/example-clinic')
    await page.getByRole('button', { name: 'Save All Settings' }).click()
    await expect(liveNotice(page, 'Global settings saved.')).toBeVisible()
    await expect(phone).toHaveValue('+93 79 912 3456')

    await page.goto('/clinic')
    const shown = '+93 79 912 3456'
    await expect(page.locator('a[href="tel:+93799123456"]').first()).toContainText(shown)
    await expect(page.getByRole('contentinfo')).toContainText(shown)
    await expect(page.getByRole('link', { name: /WhatsApp/ }).first()).toHaveAttribute('href', 'https://wa.me/93799123456')
    await expect(page.getByRole('contentinfo').getByRole('link', { name: /Facebook/i })).toHaveAttribute(
      'href',
      'https://facebook.com/example-clinic',
    )
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
    expect(jsonLd).toContain('+93799123456')

    await page.goto('/clinic/contact')
    await expect(page.getByRole('main')).toContainText(shown)
    await expect(page.getByRole('img', { name: `QR code to call ${shown}` })).toBeVisible()
  } finally {
    await page.goto('/admin/settings')
    await page.getByLabel('Primary Phone Number').fill(DEFAULT_PHONE)
    await page.getByLabel('Facebook URL').fill('')
    await page.getByRole('button', { name: 'Save All Settings' }).click()
    await expect(liveNotice(page, 'Global settings saved.')).toBeVisible()
  }
  await page.goto('/clinic')
  await expect(page.locator('a[href="tel:+93700000000"]').first()).toContainText(DEFAULT_PHONE)
})

test(
  'integrations: the map shows on the contact page only when on, with its frame allowed there only; the key is in that map only',
  tag,
  async ({ page }) => {
    const key = `AIzaE2eTestKey_${run}_0123456789`
    // Where patients' messages go is for administrators only (docs/product.md#roles).
    await page.context().clearCookies()
    await signIn(page, ADMIN)
    await page.goto('/admin/integrations')
    const toggle = page.getByRole('switch', { name: 'Show the embedded map on the contact page' })
    await expect(toggle).not.toBeChecked()
    try {
      await toggle.check()
      await page.getByRole('button', { name: 'Save Integrations' }).click()
      await expect(page.getByText('Enter the API key to turn on the map.')).toBeVisible()

      await page.getByLabel('API Key').fill(key)
      await page.getByRole('button', { name: 'Save Integrations' }).click()
      await expect(liveNotice(page, 'Integrations saved.')).toBeVisible()
      await expect(page.getByText('A key is saved.', { exact: false })).toBeVisible()
      await expect(page.getByText("visitors' browsers can read it", { exact: false })).toBeVisible()
      expect(await page.content()).not.toContain(key)

      const response = await page.goto('/clinic/contact')
      const map = page.locator('iframe')
      await expect(map).toHaveAttribute('src', new RegExp(`^https://www\\.google\\.com/maps/embed/v1/place\\?key=${key}`))
      expect(response!.headers()['content-security-policy']).toContain('frame-src https://www.google.com')
      await expect(page.getByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', /google\.com\/maps\/dir/)

      const home = await page.goto('/clinic')
      expect(home!.headers()['content-security-policy']).not.toContain('frame-src')
      expect(await page.content()).not.toContain(key)
    } finally {
      await page.goto('/admin/integrations')
      await page.getByRole('switch', { name: 'Show the embedded map on the contact page' }).uncheck()
      if (await page.getByLabel('Remove the saved key').isVisible()) await page.getByLabel('Remove the saved key').check()
      await page.getByRole('button', { name: 'Save Integrations' }).click()
      await expect(liveNotice(page, 'Integrations saved.')).toBeVisible()
    }
    await page.goto('/clinic/contact')
    await expect(page.locator('iframe')).toHaveCount(0)
    await expect(page.getByText('An interactive map will appear here.')).toBeVisible()
  },
)

test(
  'media: an uploaded image goes into the clinic hero slot and is served as WebP; wrong files and deleting one in use are refused',
  tag,
  async ({ page }) => {
    const picture = await sharp({ create: { width: 1400, height: 900, channels: 3, background: '#3a7bd5' } })
      .composite([{ input: Buffer.from(`<svg width="1400" height="900"><text x="100" y="450" font-size="120">${run}</text></svg>`) }])
      .png()
      .toBuffer()
    await page.goto('/admin/media')
    const alt = `Reception desk ${run}`

    // A text file named .png: refused, with the reason.
    await page
      .getByLabel('Image file')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(liveNotice(page, /not a JPEG, PNG or WebP image/)).toBeVisible()

    await page.getByLabel('Image file').setInputFiles({ name: 'hero.jpg', mimeType: 'image/jpeg', buffer: picture })
    await page.getByLabel('Description (English)').fill(alt)
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(liveNotice(page, 'Image uploaded.')).toBeVisible()

    const slot = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clinic Hero Image' }) })
    const option = slot.getByRole('option', { name: new RegExp(alt) })
    const value = await option.getAttribute('value')
    try {
      await slot.getByLabel('Image for Clinic Hero Image').selectOption(value!)
      await slot.getByRole('button', { name: 'Use' }).click()
      await expect(liveNotice(page, 'Image chosen.')).toBeVisible()

      await page.goto('/clinic')
      const hero = page.locator('#hero img')
      await expect(hero).toHaveAttribute('alt', alt)
      await expect(hero).toHaveAttribute('srcset', /\/media\/[a-f0-9]{20}-480\.webp 480w, .*-960\.webp 960w, .*-1400\.webp 1400w/)
      await expect(hero).toHaveAttribute('width', '1400')
      await expect(hero).toHaveAttribute('height', '900')
      await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true)
      const src = await hero.getAttribute('src')
      const file = await page.request.get(src!)
      expect(file.status()).toBe(200)
      expect(file.headers()['content-type']).toBe('image/webp')
      expect(file.headers()['cache-control']).toBe('public, max-age=31536000, immutable')
      expect((await file.body()).subarray(8, 12).toString('latin1')).toBe('WEBP')

      // In use: the delete is refused.
      await page.goto('/admin/media')
      page.once('dialog', (dialog) => dialog.accept())
      await page.getByRole('button', { name: `Delete image ${value}` }).click()
      await expect(liveNotice(page, /This image is used for Clinic Hero Image/)).toBeVisible()
    } finally {
      await page.goto('/admin/media')
      const clinicHero = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Clinic Hero Image' }) })
      await clinicHero.getByLabel('Image for Clinic Hero Image').selectOption('')
      await clinicHero.getByRole('button', { name: 'Use' }).click()
      await expect(liveNotice(page, 'Image chosen.')).toBeVisible()
    }
    page.once('dialog', (dialog) => dialog.accept())
    await page.getByRole('button', { name: `Delete image ${value}` }).click()
    await expect(liveNotice(page, 'Image deleted.')).toBeVisible()
    await page.goto('/clinic')
    await expect(page.locator('#hero img')).toHaveCount(0)
  },
)

test('an editor account cannot open Staff or Patients', tag, async ({ page }) => {
  await page.goto('/admin/content')
  const sidebar = page.getByRole('navigation').first()
  await expect(sidebar.getByRole('link', { name: 'Content' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Staff' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Patients' })).toHaveCount(0)
  for (const path of ['/admin/staff', '/admin/patients']) {
    const response = await page.goto(path)
    expect(response!.status(), path).toBe(403)
  }
})

test('media: the upload form works without JavaScript and says why a file is refused', tag, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    await signIn(page, EDITOR)
    await page.goto('/admin/media')
    const truncated = (
      await sharp({ create: { width: 600, height: 400, channels: 3, background: '#aa3355' } })
        .jpeg()
        .toBuffer()
    ).subarray(0, 300)
    await page.getByLabel('Image file').setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: truncated })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('alert').filter({ hasText: 'The image is damaged or incomplete and cannot be read.' })).toBeVisible()

    const logo = await sharp({ create: { width: 320, height: 120, channels: 4, background: { r: 0, g: 90, b: 160, alpha: 1 } } })
      .png()
      .toBuffer()
    await page.getByLabel('Image file').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logo })
    await page.getByLabel('Description (English)').fill(`Logo ${run}`)
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Image uploaded.' })).toBeVisible()
    const option = page.getByLabel('Image for Clinic Logo').getByRole('option', { name: new RegExp(`Logo ${run}`) })
    const id = await option.getAttribute('value')
    expect(id).toBeTruthy()
    // Only 320 px wide: one variant, never upscaled.
    await expect(page.locator(`img[alt="Logo ${run}"]`).first()).toHaveAttribute('src', /-320\.webp$/)
    await page.getByRole('button', { name: `Delete image ${id}` }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Image deleted.' })).toBeVisible()
  } finally {
    await context.close()
  }
})

test('the editor actions refuse visitors, other roles and other sites', tag, async ({ playwright, baseURL }) => {
  const request = await playwright.request.newContext({ baseURL })
  await ensureStaff(request, baseURL!, RECEPTION)
  const reception = await sessionCookie(request, baseURL!, RECEPTION)
  const editor = await sessionCookie(request, baseURL!, EDITOR)
  await request.dispose()
  // A context that never signed in: the only session it sends is the Cookie header given.
  const anonymous = await playwright.request.newContext({ baseURL })
  const order = ['booking', 'hero', 'services', 'about', 'team', 'testimonials']
  const posts: Array<[string, string]> = [
    ['/admin/theme', 'clinicPrimary=%23000000&academyPrimary=%23000000&font=Lato&baseSize=16'],
    ['/admin/content', 'intent=save&version=&clinic.hero.title.en=Intruder&clinic.hero.title.fa=&clinic.hero.title.ps='],
    ['/admin/layout', `${order.map((id) => `order=${id}`).join('&')}&intent=save`],
    [
      '/admin/settings',
      'phone=0799999999&clinicEmail=x%40example.com&academyEmail=x%40example.com&address.en=Elsewhere&address.fa=&address.ps=&latitude=1&longitude=1&facebook=&instagram=&youtube=&linkedin=',
    ],
    ['/admin/integrations', 'mapsEnabled=on&mapsApiKey=AIzaIntruderKey_0123456789&whatsappNumber=0799999999'],
  ]
  const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
  for (const [path, body] of posts) {
    const visitor = await anonymous.post(path, { headers: { ...form, Origin: baseURL! }, data: body, maxRedirects: 0 })
    expect([302, 401], `${path} without a session`).toContain(visitor.status())
    const other = await anonymous.post(path, { headers: { ...form, Origin: baseURL!, Cookie: reception }, data: body, maxRedirects: 0 })
    expect(other.status(), `${path} as reception`).toBe(403)
    const crossSite = await anonymous.post(path, {
      headers: { ...form, Origin: 'https://evil.example', Cookie: editor },
      data: body,
      maxRedirects: 0,
    })
    expect(crossSite.status(), `${path} from another site`).toBe(403)
  }
  const page = await (await anonymous.get('/clinic')).text()
  expect(page).toContain('--clinic-primary:#2563eb')
  expect(page).not.toContain('Intruder')
  expect(page).toContain(DEFAULT_PHONE)
  await anonymous.dispose()
})

test('the editor screens have no serious or critical accessibility violation', tag, async ({ page }) => {
  for (const path of [
    '/admin/content',
    '/admin/collections?c=doctors',
    '/admin/collections?c=courses',
    '/admin/theme',
    '/admin/layout',
    '/admin/settings',
    '/admin/integrations',
    '/admin/media',
  ]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
    expect(await accessibilityProblems(page), path).toEqual([])
  }
})
