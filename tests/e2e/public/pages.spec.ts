import { expect, test, type Page } from '../support/test'
import { expectNoBrowserErrors } from '../support/browser-errors'
import QRCode from 'qrcode'
import { DEFAULT_SITE_SETTINGS } from '../../../app/lib/site/site-settings'
import { telHref } from '../../../app/lib/contact/whatsapp'
import { modulesFromQrSvg, withMargin } from '../../support/qr-svg'

/** The visible content of the public pages (docs/product.md#routes), with JavaScript on and off. */

const CLINIC = 'Kabul Dental & Implant Centre'
const ACADEMY = 'Kabul Dental Academy'

/**
 * Waits until the page has hydrated, so its click handlers are live. Not by a link of `#main` owned
 * by React: parts that only show the server's HTML are not hydrated on a first load, and handle
 * their links' clicks on their own element (docs/decisions/025-hydration.md).
 */
async function hydrated(page: Page) {
  await page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'))
}

expectNoBrowserErrors()

/** A notice shown as a toast (the title appears nowhere else on these pages). */
function toast(page: Page, title: string) {
  return page.getByText(title, { exact: true })
}

test.describe('clinic homepage', () => {
  test('shows the hero, six services, about, three doctors, three 5-star testimonials and booking, in order', async ({ page }) => {
    await page.goto('/clinic')
    await expect(page).toHaveTitle(`Dental & Implant Care in Kabul | ${CLINIC}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expert Dental & Implant Care in Kabul')

    const ids = await page.locator('#main > section[id]').evaluateAll((sections) => sections.map((s) => s.id))
    expect(ids).toEqual(['hero', 'services', 'about', 'team', 'testimonials', 'booking'])

    const services = page.locator('#services')
    await expect(services.getByRole('heading', { level: 2 })).toHaveText('Our Services')
    await expect(services.getByRole('listitem')).toHaveCount(6)
    await expect(services.getByRole('heading', { level: 3 })).toHaveText([
      'General Dentistry',
      'Dental Implants',
      'Orthodontics',
      'Cosmetic Dentistry',
      'Root Canal Treatment',
      'Pediatric Dentistry',
    ])

    await expect(page.locator('#about').getByRole('heading', { name: 'About Our Centre' })).toBeVisible()
    await expect(page.locator('#team').getByRole('heading', { level: 3 })).toHaveCount(3)

    const testimonials = page.locator('#testimonials')
    await expect(testimonials.locator('figure')).toHaveCount(3)
    const ratings = testimonials.getByRole('img', { name: 'Rated 5 out of 5', exact: true })
    await expect(ratings).toHaveCount(3)
    for (const rating of await ratings.all()) await expect(rating.locator('svg')).toHaveCount(5)

    const booking = page.locator('#booking')
    await expect(booking.getByRole('heading', { name: 'Book Your Appointment' })).toBeVisible()
    await expect(booking.getByRole('link', { name: DEFAULT_SITE_SETTINGS.phone })).toHaveAttribute(
      'href',
      telHref(DEFAULT_SITE_SETTINGS.phone),
    )
    await expect(booking.getByText(DEFAULT_SITE_SETTINGS.clinicEmail)).toBeVisible()
    await expect(booking.getByText(DEFAULT_SITE_SETTINGS.address.en)).toBeVisible()
    await expect(booking.getByText('Saturday – Thursday:')).toBeVisible()
    await expect(booking.getByText('8AM – 5PM')).toBeVisible()
    await expect(booking.getByRole('button', { name: 'Request Appointment' })).toBeVisible()
  })

  test('arrives complete from the server: no loading text, with or without JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/clinic')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Expert Dental & Implant Care in Kabul')
    await expect(page.locator('#services li')).toHaveCount(6)
    await expect(page.getByText('Loading website...')).toHaveCount(0)
    await context.close()
  })
})

test('services: six cards, Learn More shows the coming-soon notice, a call to book', async ({ page }) => {
  await page.goto('/clinic/services')
  await expect(page).toHaveTitle(`Our Services | ${CLINIC}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Services')
  const learnMore = page.getByRole('button', { name: /^Learn More / })
  await expect(learnMore).toHaveCount(6)
  await expect(page.getByRole('button', { name: 'Learn More Dental Implants' })).toBeVisible()

  await hydrated(page)
  await learnMore.first().click()
  await expect(toast(page, 'Feature Coming Soon!')).toBeVisible()

  await page.getByRole('link', { name: 'Book an Appointment' }).click()
  await expect(page).toHaveURL('/clinic/appointment')
})

test('about and team: the about block with the clinic facts, and the doctors, without the under-construction text', async ({ page }) => {
  await page.goto('/clinic/about')
  await expect(page).toHaveTitle(`About Us | ${CLINIC}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us')
  await expect(page.getByText('This page is under construction.')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Request This Feature' })).toHaveCount(0)
  await expect(page.getByRole('heading', { level: 2, name: 'About Our Centre' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 2, name: 'Contact Information' })).toBeVisible()
  await expect(main.getByRole('link', { name: DEFAULT_SITE_SETTINGS.phone })).toHaveAttribute('href', 'tel:+93700000000')
  await expect(main.getByText(DEFAULT_SITE_SETTINGS.address.en)).toBeVisible()
  await main.getByRole('link', { name: 'Contact Us' }).click()
  await expect(page).toHaveURL('/clinic/contact')

  await page.goto('/clinic/team')
  await expect(page).toHaveTitle(`Our Team | ${CLINIC}`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Team')
  await expect(page.getByText('This page is under construction.')).toHaveCount(0)
  // The same doctors as the homepage's team section, which the header's Team link leads to.
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Implant Surgeon', 'Orthodontist', 'Family Dentist'])
  await page.goto('/clinic')
  await expect(page.locator('#team').getByRole('heading', { level: 3 })).toHaveText(['Implant Surgeon', 'Orthodontist', 'Family Dentist'])
  await page.goto('/clinic/team')
  await expect(page.getByRole('main').getByRole('link', { name: 'Book an Appointment' })).toHaveAttribute('href', '/clinic/appointment')
})

test.describe('contact page', () => {
  test('address, e-mail, phone, hours, directions and the map area', async ({ page }) => {
    await page.goto('/clinic/contact')
    await expect(page).toHaveTitle(`Contact Us | ${CLINIC}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact Us')
    const main = page.getByRole('main')
    await expect(main.getByText(DEFAULT_SITE_SETTINGS.address.en)).toBeVisible()
    await expect(main.getByRole('link', { name: DEFAULT_SITE_SETTINGS.clinicEmail })).toHaveAttribute(
      'href',
      `mailto:${DEFAULT_SITE_SETTINGS.clinicEmail}`,
    )
    await expect(main.getByRole('link', { name: DEFAULT_SITE_SETTINGS.phone })).toHaveAttribute('href', 'tel:+93700000000')
    await expect(main.getByText('Friday:')).toBeVisible()

    const directions = main.getByRole('link', { name: 'Get Directions' })
    const url = new URL((await directions.getAttribute('href')) ?? '')
    const { latitude, longitude } = DEFAULT_SITE_SETTINGS.map
    expect(url.searchParams.get('destination')).toBe(`${latitude.toFixed(6)},${longitude.toFixed(6)}`)
    await expect(directions).toHaveAttribute('target', '_blank')

    await expect(main.getByText('An interactive map will appear here.')).toBeVisible()
  })

  test('the QR code, drawn by the server, encodes tel: and the clinic phone', async ({ browser }) => {
    // Without JavaScript: what is there comes from the server.
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto('/clinic/contact')
    const phoneLink = await page.getByRole('main').getByRole('link', { name: DEFAULT_SITE_SETTINGS.phone }).getAttribute('href')
    expect(phoneLink).toBe(telHref(DEFAULT_SITE_SETTINGS.phone))

    const qr = page.getByRole('img', { name: `QR code to call ${DEFAULT_SITE_SETTINGS.phone}` })
    await expect(qr).toBeVisible()
    await expect(qr).toHaveAttribute('width', '128')
    await expect(qr).not.toHaveAttribute('style', /.*/)
    const box = await qr.boundingBox()
    expect(Math.round(box?.width ?? 0)).toBe(128)
    const svg = await qr.evaluate((element) => element.outerHTML)
    expect(svg).toContain('fill="#ffffff"')

    const expected = QRCode.create(phoneLink ?? '', { errorCorrectionLevel: 'L' })
    expect(modulesFromQrSvg(svg)).toEqual(withMargin(expected.modules, 1))
    await context.close()
  })
})

test('clinic header: the current page is the active link; Home only on an exact match', async ({ page }) => {
  const pages = [
    ['/clinic', 'Home'],
    ['/clinic/services', 'Services'],
    ['/clinic/about', 'About'],
    ['/clinic/team', 'Team'],
    ['/clinic/contact', 'Contact'],
  ] as const
  for (const [path, label] of pages) {
    await page.goto(path)
    const nav = page.getByRole('navigation', { name: 'Main' })
    for (const [, other] of pages) {
      const link = nav.getByRole('link', { name: other, exact: true })
      if (other === label) await expect(link, `${other} on ${path}`).toHaveAttribute('aria-current', 'page')
      else await expect(link, `${other} on ${path}`).not.toHaveAttribute('aria-current', /.*/)
    }
  }
})

test('Book Online is hidden below 400 px and shown above', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 })
  await page.goto('/clinic/services')
  await expect(page.getByRole('link', { name: 'Book Online' })).toBeHidden()
  await page.setViewportSize({ width: 420, height: 800 })
  await expect(page.getByRole('link', { name: 'Book Online' })).toBeVisible()
})

test('gallery, blog and news are placeholders', async ({ page }) => {
  for (const [path, title, site] of [
    ['/clinic/gallery', 'Gallery', CLINIC],
    ['/clinic/blog', 'Blog', CLINIC],
    ['/academy/news', 'News & Events', ACADEMY],
  ] as const) {
    await page.goto(path)
    await expect(page).toHaveTitle(`${title} | ${site}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title)
    await expect(page.getByText('This page is under construction.')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Request This Feature' })).toBeVisible()
  }
})

test.describe('academy', () => {
  const ONLINE = [
    ['dentalAssisting', 'Virtual Dental Assisting', '6 Months'],
    ['medicalTerminology', 'Medical Terminology Online', '8 Weeks'],
    ['digitalDentistry', 'Digital Dentistry & CAD/CAM', '4 Weeks'],
  ] as const

  test('home: hero, three strengths, three online courses with Enroll Now', async ({ page }) => {
    await page.goto('/academy')
    await expect(page).toHaveTitle(`Dental and Medical Training in Kabul | ${ACADEMY}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Train for a Career in Dentistry and Medicine')
    const strengths = page.getByRole('region', { name: 'Why Study With Us' })
    await expect(strengths.getByRole('heading', { level: 3 })).toHaveText([
      'Clinical Experience',
      'Experienced Faculty',
      'Flexible Learning',
    ])
    const online = page.getByRole('region', { name: 'Online Courses' })
    await expect(online.getByRole('listitem')).toHaveCount(3)
    for (const [id, name, duration] of ONLINE) {
      const card = online.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) })
      await expect(card.getByText(duration)).toBeVisible()
      await expect(card.getByRole('link', { name: `Enroll Now ${name}` })).toHaveAttribute('href', `/academy/register?course=${id}`)
    }
  })

  test('Enroll Now opens the registration with the course chosen', async ({ page }) => {
    await page.goto('/academy')
    await hydrated(page)
    await page.getByRole('link', { name: 'Enroll Now Medical Terminology Online' }).click()
    await expect(page).toHaveURL('/academy/register?course=medicalTerminology')
    await expect(page.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('medicalTerminology')
  })

  test('Dari links keep the language and the course', async ({ page }) => {
    await page.goto('/fa/academy')
    const hrefs = await page
      .locator('#main a[href*="register?course="]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(hrefs).toEqual(ONLINE.map(([id]) => `/fa/academy/register?course=${id}`))
  })

  test('courses: durations and fees, each with Register', async ({ page }) => {
    await page.goto('/academy/courses')
    await expect(page).toHaveTitle(`Our Courses | ${ACADEMY}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Courses')
    const courses = [
      ['radiology', 'Short-term Radiology Course', '3 Months', 'AFN 25,000'],
      ['cpr', 'Advanced CPR Training', '1 Day Workshop', 'AFN 5,000'],
      ['diplomaDentistry', 'Diploma in Dentistry', '2 Years', 'Contact for details'],
    ] as const
    const cards = page.getByRole('main').getByRole('listitem')
    await expect(cards).toHaveCount(3)
    for (const [id, name, duration, fee] of courses) {
      const card = cards.filter({ has: page.getByRole('heading', { name }) })
      await expect(card.getByRole('definition')).toHaveText([duration, fee])
      await expect(card.getByRole('link', { name: `Register ${name}` })).toHaveAttribute('href', `/academy/register?course=${id}`)
    }
  })

  test('faculty: three profiles', async ({ page }) => {
    await page.goto('/academy/faculty')
    await expect(page).toHaveTitle(`Our Faculty | ${ACADEMY}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Faculty')
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText([
      'Head of Dentistry',
      'Radiology Instructor',
      'Emergency Care Instructor',
    ])
  })
})

test.describe('student login', () => {
  test('with JavaScript: notices as toasts, nothing is sent', async ({ page }) => {
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() !== 'GET') posts.push(request.url())
    })
    await page.goto('/login')
    await expect(page).toHaveTitle(`Student Login | ${ACADEMY}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student Login')
    await hydrated(page)

    // Both fields are required: an empty form shows no notice.
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByLabel('Email or student ID')).toHaveJSProperty('validity.valueMissing', true)
    await expect(toast(page, 'Login Not Ready')).toHaveCount(0)

    await page.getByLabel('Email or student ID').fill('student@example.com')
    await page.getByLabel('Password').fill('not-a-real-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(toast(page, 'Login Not Ready')).toBeVisible()

    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(toast(page, 'Password Reset')).toBeVisible()

    await page.getByRole('button', { name: 'Register' }).click()
    await expect(toast(page, 'Feature Coming Soon!')).toBeVisible()
    expect(posts).toEqual([])
  })

  test('without JavaScript: the server answers with the notice and never receives the password', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const bodies: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST') bodies.push(request.postData() ?? '')
    })
    await page.goto('/login')
    await page.getByLabel('Email or student ID').fill('student@example.com')
    await page.getByLabel('Password').fill('not-a-real-password')
    await page.getByRole('button', { name: 'Log In' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Login Not Ready' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Student Login')

    await page.getByRole('button', { name: 'Forgot password?' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Password Reset' })).toBeVisible()

    await page.getByRole('button', { name: 'Register' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Feature Coming Soon!' })).toBeVisible()

    expect(bodies).toHaveLength(3)
    for (const body of bodies) {
      expect(body).not.toContain('not-a-real-password')
      expect(body).not.toContain('student')
    }
    await context.close()
  })
})
