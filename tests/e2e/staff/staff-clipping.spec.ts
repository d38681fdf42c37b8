import { expect, test, type Page } from '../support/test'
import { ensureAccounts, submitAppointment, submitRegistration } from '../support/admin'

// Every staff screen fits a laptop: at 1280 and 1024 px wide, in English, Dari and Pashto, no
// button, link, field or column heading is cut off, neither inside itself (its text wider than its
// box) nor by the box that scrolls it (a table wider than its card, a row pushed off the screen).
// An administrator of its own, so the language it chooses changes no other spec's account.

const run = Date.now().toString(36)
const ADMIN_CLIP = {
  username: `clip-admin-${run}`,
  displayName: `Clip Administrator ${run}`,
  password: `indigo harbour ${run} kite`,
  role: 'admin',
}
// Names as long as the forms take (100 characters), one word of them longer than a column: the
// lists must fit whatever patients and students type.
const LONG = 'Abdulrahmanmohammadzaisultanzadakarimi Mohammadzai Sultanzada Karimi'
const patient = {
  name: `Clip Patient ${run} ${LONG}`.slice(0, 100),
  phone: '0701234567',
  date: new Date(Date.now() + 9 * 86_400_000).toISOString().slice(0, 10),
}
const student = {
  name: `Clip Student ${run} ${LONG}`.slice(0, 100),
  phone: '0701234568',
  email: 'clip@example.com',
  address: 'Kabul',
  education: 'Grade 12',
  course: 'Digital Dentistry & CAD/CAM',
}

const WIDTHS = [1280, 1024] as const
const SCREENS = [
  '/admin/dashboard',
  '/admin/patients',
  '/admin/patients/new',
  'patient',
  '/admin/students',
  'student',
  '/admin/agenda',
  '/admin/agenda/print',
  '/admin/staff',
  '/admin/audit',
  '/admin/account',
  '/admin/account/two-step',
  '/admin/content',
  '/admin/collections',
  '/admin/posts',
  '/admin/posts/new?stream=news',
  '/admin/media',
  '/admin/layout',
  '/admin/theme',
  '/admin/integrations',
  '/admin/settings',
] as const

test.beforeAll(async ({ baseURL, browser }) => {
  await ensureAccounts(baseURL!, ADMIN_CLIP)
  await submitAppointment(browser, patient)
  await submitRegistration(browser, student)
})

/** The address of the first request whose row names `name` on a list. */
async function requestPage(page: Page, list: string, name: string): Promise<string> {
  await page.goto(`${list}?q=${encodeURIComponent(name)}`)
  const href = await page.locator(`a[href^="${list}/"]`).filter({ hasText: name }).first().getAttribute('href')
  expect(href).toMatch(new RegExp(`^${list}/\\d+$`))
  return href!
}

/**
 * The controls cut off on the page as it is drawn: each one shown (not visually hidden) whose text is
 * wider than its box, or which reaches outside the box that scrolls or clips it (or the window).
 */
function clippedControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const name = (element.getAttribute('aria-label') ?? element.textContent ?? (element as HTMLInputElement).name ?? '')
        .trim()
        .replace(/\s+/g, ' ')
      return `<${element.tagName.toLowerCase()}> «${name.slice(0, 40)}»`
    }
    /** The nearest ancestor that scrolls or clips sideways. */
    const clipper = (element: Element): Element | null => {
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        const overflow = getComputedStyle(parent).overflowX
        if (overflow !== 'visible') return parent
      }
      return null
    }
    const problems: string[] = []
    for (const element of document.querySelectorAll('button, a[href], input:not([type="hidden"]), select, textarea, th')) {
      const box = element.getBoundingClientRect()
      // Not drawn, or visually hidden (the screen readers' text, a skip link until focused).
      if (box.width <= 1 || box.height <= 1 || element.closest('.sr-only, [hidden]') || getComputedStyle(element).visibility === 'hidden')
        continue
      const html = element as HTMLElement
      // Its own text cut off: a button, a link or a column heading wider inside than its box (a
      // field's typed value scrolls by design).
      if (['BUTTON', 'A', 'TH'].includes(element.tagName) && html.clientWidth > 0 && html.scrollWidth > html.clientWidth + 1) {
        problems.push(`${describe(element)}: its text needs ${html.scrollWidth} px in ${html.clientWidth} px`)
        continue
      }
      const outer = clipper(element)
      const bounds = outer ? outer.getBoundingClientRect() : { left: 0, right: document.documentElement.clientWidth }
      if (box.left < bounds.left - 1 || box.right > bounds.right + 1) {
        problems.push(
          `${describe(element)}: ${Math.round(box.left)}–${Math.round(box.right)} px outside ${Math.round(bounds.left)}–${Math.round(bounds.right)} px`,
        )
      }
    }
    // The page itself scrolls sideways.
    if (document.documentElement.scrollWidth > document.documentElement.clientWidth + 1) {
      problems.push(`the page is ${document.documentElement.scrollWidth} px wide in ${document.documentElement.clientWidth} px`)
    }
    return problems
  })
}

for (const lang of ['en', 'fa', 'ps'] as const) {
  test(`${lang}: no staff screen cuts off a control at 1280 or 1024 px`, async ({ browser, baseURL }) => {
    test.setTimeout(600_000)
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
    const page = await context.newPage()
    await page.goto('/admin/login')
    await page.locator('#username').fill(ADMIN_CLIP.username)
    await page.locator('#password').fill(ADMIN_CLIP.password)
    await page.locator('#password').press('Enter')
    await expect(page).toHaveURL(/\/admin\/dashboard/)
    const switched = await context.request.post('/admin/language', {
      headers: { Origin: baseURL! },
      form: { lang, redirectTo: '/admin/dashboard' },
      maxRedirects: 0,
    })
    expect(switched.status()).toBe(302)
    const pages = {
      patient: await requestPage(page, '/admin/patients', patient.name),
      student: await requestPage(page, '/admin/students', student.name),
    }

    const found: string[] = []
    for (const screen of SCREENS) {
      const path = screen in pages ? pages[screen as keyof typeof pages] : screen
      // One visit per screen: drawn at the first width, then the window narrowed (the layout is CSS only).
      await page.setViewportSize({ width: WIDTHS[0], height: 800 })
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', lang === 'en' ? 'en' : `${lang}-AF`)
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 800 })
        for (const problem of await clippedControls(page)) found.push(`${path} at ${width} px: ${problem}`)
      }
    }
    expect(found).toEqual([])
    await context.close()
  })
}
