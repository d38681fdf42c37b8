import { spawnSync } from 'node:child_process'
import { expect, test } from '../support/own-servers'
import type { BrowserContext, Page } from '../support/test'
import { messagesFor } from '~/locales'
import { ADMIN, SETUP_TOKEN, ensureFirstAdmin, sessionCookie, signIn, ensureAccounts } from '../support/admin'
import { waitUntilHealthy } from '../support/server-process'

// The staff panel as each role meets it: a section the role may not use, the sign-in notice, the
// toolbar colour, and (tagged @site-editor: they publish, and put back what they change) the
// layout's one rule, the Dari and Pashto addresses, the postal code and the screens' first words.

const run = Date.now().toString(36)
const en = messagesFor('en')
const fa = messagesFor('fa')
const PASSWORD = 'juniper harbour 84 lantern'
const RECEPTION = { username: `defects-reception-${run}`, displayName: `Desk ${run}`, password: PASSWORD, role: 'reception' }
const EDITOR = { username: `defects-editor-${run}`, displayName: `Editor ${run}`, password: PASSWORD, role: 'editor' }
const tag = { tag: '@site-editor' }

async function inDari(context: BrowserContext, baseURL: string) {
  await context.addCookies([{ name: 'admin_lang', value: 'fa', url: baseURL }])
}

/** The toasts on screen (each one in the polite or the assertive region). */
function toasts(page: Page) {
  return page.locator('[data-placement] [role=status] > div, [data-placement] [role=alert] > div')
}

test.describe('a section the role may not use', () => {
  test.beforeAll(async ({ baseURL }) => {
    await ensureAccounts(baseURL!, RECEPTION, EDITOR)
  })

  for (const path of [
    '/admin/content',
    '/admin/collections',
    '/admin/media',
    '/admin/layout',
    '/admin/theme',
    '/admin/integrations',
    '/admin/settings',
  ]) {
    test(`${path} for reception: 403 inside the admin shell, with the way back to the dashboard`, async ({ page }) => {
      await signIn(page, RECEPTION)
      const response = await page.goto(path)
      expect(response!.status()).toBe(403)
      // The shell: the member's own sections and name, no login link.
      const nav = page.getByRole('navigation', { name: en.admin.shell.navLabel })
      await expect(nav.getByRole('link', { name: en.admin.sections.patients })).toBeVisible()
      await expect(nav.getByRole('link', { name: en.admin.sections.content })).toHaveCount(0)
      await expect(page.getByText(RECEPTION.displayName)).toBeVisible()
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en.admin.sectionAccess.title)
      await expect(page.getByText(en.admin.sectionAccess.text)).toBeVisible()
      await expect(page.getByRole('link', { name: en.admin.errors.signIn })).toHaveCount(0)
      await page.getByRole('link', { name: en.admin.sectionAccess.dashboard }).click()
      await expect(page).toHaveURL(/\/admin\/dashboard$/)
    })
  }

  test('in Dari: the same page, right to left, in Dari', async ({ page, context, baseURL }) => {
    await signIn(page, RECEPTION)
    await inDari(context, baseURL!)
    const response = await page.goto('/admin/theme')
    expect(response!.status()).toBe(403)
    await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fa.admin.sectionAccess.title)
    await expect(page.getByText(fa.admin.sectionAccess.text)).toBeVisible()
    await expect(page.getByRole('link', { name: fa.admin.sectionAccess.dashboard })).toHaveAttribute('href', '/admin/dashboard')
  })

  test('integrations (where patients’ messages go) are for administrators only', async ({ page }) => {
    await signIn(page, EDITOR)
    const html = await page.content()
    expect(html).not.toContain('href="/admin/integrations"')
    expect((await page.goto('/admin/integrations'))!.status()).toBe(403)
    await expect(page.getByText(en.admin.sectionAccess.text)).toBeVisible()
    // Settings stay with the editors.
    expect((await page.goto('/admin/settings'))!.status()).toBe(200)
  })
})

test.describe('the sign-in notice', () => {
  const FIRST_TIMER = { username: `defects-new-${run}`, displayName: `Newcomer ${run}`, password: PASSWORD, role: 'reception' }
  const FARSI = { username: `defects-fa-${run}`, displayName: `Dari Desk ${run}`, password: PASSWORD, role: 'reception' }

  test.beforeAll(async ({ baseURL }) => {
    await ensureAccounts(baseURL!, FIRST_TIMER, FARSI)
  })

  test('welcomes a first sign-in without "back", clear of the banner, with the icon set’s check mark; gone after signing out', async ({
    page,
  }) => {
    await signIn(page, FIRST_TIMER)
    const notice = toasts(page).filter({ hasText: en.admin.login.successTitle })
    await expect(notice).toContainText(`Welcome, ${FIRST_TIMER.displayName}.`)
    await expect(notice).not.toContainText('Welcome back')
    expect(await notice.textContent()).not.toMatch(/\p{Extended_Pictographic}/u)
    await expect(notice.locator('svg use').first()).toHaveAttribute('href', /#check$/)
    // The demo banner stays readable (it shows only while the site runs on the embedded database).
    if (!process.env.E2E_DATABASE_URL) {
      const banner = await page.getByRole('note').boundingBox()
      const toast = await notice.boundingBox()
      expect(banner && toast).toBeTruthy()
      const overlaps = toast!.y < banner!.y + banner!.height && banner!.y < toast!.y + toast!.height
      expect(overlaps, 'the toast covers the demo banner').toBe(false)
    }

    // Signing out at once: the login page shows no notice of the page left behind.
    await page.getByRole('button', { name: en.admin.shell.logout }).click()
    await expect(page).toHaveURL(/\/admin\/login/)
    await expect(page.getByRole('heading', { name: en.admin.login.title })).toBeVisible()
    await expect(toasts(page)).toHaveCount(0)

    // The next sign-in is a return.
    await signIn(page, FIRST_TIMER)
    await expect(toasts(page).filter({ hasText: en.admin.login.successTitle })).toContainText(`Welcome back, ${FIRST_TIMER.displayName}.`)
  })

  test('in Dari: the first welcome in Dari, right to left', async ({ page, context, baseURL }) => {
    await inDari(context, baseURL!)
    await page.goto('/admin/login')
    await page.locator('input[name=username]').fill(FARSI.username)
    await page.locator('input[name=password]').fill(FARSI.password)
    await page.locator('input[name=password]').press('Enter')
    await expect(page).toHaveURL(/\/admin\/dashboard/)
    await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
    await expect(toasts(page).first()).toContainText(fa.admin.signInNotice.firstText.replace('{name}', FARSI.displayName))
  })
})

test('the toolbar colour is the published primary colour of the page’s site', async ({ page }) => {
  const { DEFAULT_THEME } = await import('~/lib/site/theme')
  const themeColor = () => page.locator('meta[name="theme-color"]').getAttribute('content')
  // Another spec may publish a theme meanwhile: compare with what the page itself applies.
  for (const [path, variable] of [
    ['/clinic', '--clinic-primary'],
    ['/fa/academy', '--academy-primary'],
    ['/academy/courses', '--academy-primary'],
  ] as const) {
    await page.goto(path)
    const applied = await page.evaluate((name) => getComputedStyle(document.documentElement).getPropertyValue(name).trim(), variable)
    expect(applied).toMatch(/^#[0-9a-f]{6}$/i)
    expect(await themeColor(), path).toBe(applied)
  }
  expect(DEFAULT_THEME.clinicPrimary).not.toBe(DEFAULT_THEME.academyPrimary)
})

test('a page streamed with Brotli leaves no listener warning, and admin:create says what to do while the server holds the database', async ({
  ownServers,
}) => {
  const dataDir = ownServers.dataDir()
  const server = await ownServers.start({ DATA_DIR: dataDir, STORAGE_DIR: ownServers.dataDir(), ADMIN_SETUP_TOKEN: SETUP_TOKEN })
  // A fresh database is migrated first: slow on a busy machine.
  await waitUntilHealthy(server)
  const baseURL = `http://127.0.0.1:${server.port}`
  const { request } = await import('@playwright/test')
  const api = await request.newContext({ baseURL })
  await ensureFirstAdmin(api, baseURL)
  const cookie = await sessionCookie(api, baseURL, ADMIN)
  for (let i = 0; i < 12; i++) {
    const response = await fetch(`${baseURL}/admin/content`, {
      headers: { Cookie: cookie, 'Accept-Encoding': 'br', Accept: 'text/html', 'Sec-Fetch-Mode': 'navigate' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('br')
    expect(await response.text()).toContain(en.editor.content.title)
  }
  await api.dispose()
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect(server.output()).not.toContain('MaxListenersExceededWarning')

  const { DATABASE_URL: _server, ...environment } = process.env
  const cli = spawnSync(process.execPath, ['scripts/admin-create.js'], {
    env: { ...environment, DATA_DIR: dataDir, ADMIN_USERNAME: `cli-${run}`, ADMIN_PASSWORD: PASSWORD },
    encoding: 'utf8',
    timeout: 60_000,
  })
  expect(cli.status).toBe(1)
  expect(cli.stderr).toContain(`The server (process ${server.child.pid}) is using the embedded database`)
  expect(cli.stderr).toContain('/admin/setup?token=')
  expect(cli.stderr).not.toMatch(/\n\s+at /)
})

test.describe('the site editor screens', () => {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async ({ baseURL }) => {
    await ensureAccounts(baseURL!, EDITOR)
  })

  test(
    'layout: hiding every section is refused with a message, the choices kept; /clinic keeps content and its <h1>',
    tag,
    async ({ page }) => {
      await signIn(page, EDITOR)
      await page.goto('/admin/layout')
      const list = page.getByRole('list', { name: en.editor.layout.listLabel })
      await expect(list.getByRole('listitem')).toHaveCount(6)
      for (const id of ['hero', 'services', 'about', 'team', 'testimonials', 'booking'] as const) {
        const section = en.editor.layout.sections[id]
        const hide = page.getByRole('button', { name: `Hide ${section}`, exact: true })
        if (await hide.count()) await hide.click()
      }
      await page.getByRole('button', { name: en.editor.layout.save }).click()
      await expect(page.getByText(en.editor.layoutRules.noneVisible).first()).toBeVisible()
      // Still every section hidden on the screen: nothing the editor chose was lost.
      await expect(list.getByText(en.editor.layout.shown, { exact: false })).toHaveCount(0)
      await page.goto('/clinic')
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      expect(await page.locator('#main > section[id]').count()).toBeGreaterThan(0)
    },
  )

  test('layout in Dari: the same refusal in Dari', tag, async ({ page, context, baseURL }) => {
    await signIn(page, EDITOR)
    await inDari(context, baseURL!)
    await page.goto('/admin/layout')
    await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
    const order = await page.locator('li[data-section]').evaluateAll((items) => items.map((item) => item.getAttribute('data-section')))
    // The form without JavaScript: every section posted as hidden.
    const response = await page.request.post('/admin/layout', {
      headers: { Origin: baseURL!, Accept: 'text/html' },
      form: Object.fromEntries([['intent', 'save'], ...order.map((id, i) => [`order`, id ?? String(i)]), ['formEnd', '1']]),
    })
    expect(response.status()).toBe(400)
    expect(await response.text()).toContain(fa.editor.layoutRules.noneVisible)
  })

  test(
    'settings: a new English address shows on the Dari and Pashto pages; the postal code follows the settings',
    tag,
    async ({ page }) => {
      await signIn(page, EDITOR)
      await page.goto('/admin/settings')
      const english = page.getByLabel('Address (English)')
      const dari = page.getByLabel('Address (Dari)')
      const pashto = page.getByLabel('Address (Pashto)')
      const postal = page.getByLabel(en.editor.postalCode.label)
      const original = {
        en: await english.inputValue(),
        fa: await dari.inputValue(),
        ps: await pashto.inputValue(),
        postal: await postal.inputValue(),
      }
      // The Dari and Pashto fields are empty, showing what they fall back to as a placeholder.
      const { DEFAULT_SITE_SETTINGS } = await import('~/lib/site/site-settings')
      expect(original.fa).not.toBe(DEFAULT_SITE_SETTINGS.address.fa)
      expect(original.ps).not.toBe(DEFAULT_SITE_SETTINGS.address.ps)
      if (original.fa === '') await expect(dari).toHaveAttribute('placeholder', original.en)
      const address = `Street ${run}, Karte Char, Kabul`
      try {
        await english.fill(address)
        await postal.fill('')
        await page.getByRole('button', { name: en.editor.settings.save }).click()
        await expect(page.getByText(en.editor.settings.savedTitle).first()).toBeVisible()
        await page.goto('/ps/clinic/contact')
        await expect(page.getByText(address).first()).toBeVisible()
        await expect(page.getByText(DEFAULT_SITE_SETTINGS.address.ps)).toHaveCount(0)
        let jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
        expect(jsonLd).toContain(address)
        expect(jsonLd).not.toContain('postalCode')

        await page.goto('/admin/settings')
        await page.getByLabel(en.editor.postalCode.label).fill('1006')
        await page.getByRole('button', { name: en.editor.settings.save }).click()
        await expect(page.getByText(en.editor.settings.savedTitle).first()).toBeVisible()
        await page.goto('/clinic/contact')
        jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent()
        expect(jsonLd).toContain('"postalCode":"1006"')
      } finally {
        await page.goto('/admin/settings')
        await page.getByLabel('Address (English)').fill(original.en)
        await page.getByLabel('Address (Dari)').fill(original.fa)
        await page.getByLabel('Address (Pashto)').fill(original.ps)
        await page.getByLabel(en.editor.postalCode.label).fill(original.postal)
        await page.getByRole('button', { name: en.editor.settings.save }).click()
        await expect(page.getByText(en.editor.settings.savedTitle).first()).toBeVisible()
      }
    },
  )

  test('settings in Dari: the postal code field in Dari, right to left', tag, async ({ page, context, baseURL }) => {
    await signIn(page, EDITOR)
    await inDari(context, baseURL!)
    await page.goto('/admin/settings')
    await expect(page.locator('[dir="rtl"]').first()).toBeVisible()
    await expect(page.getByLabel(fa.editor.postalCode.label)).toBeVisible()
  })

  test('theme, layout, settings and integrations never speak of "built-in texts"', tag, async ({ page, baseURL }) => {
    await ensureAccounts(baseURL!)
    await signIn(page, ADMIN)
    for (const path of ['/admin/theme', '/admin/layout', '/admin/settings', '/admin/integrations']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
      await expect(page.getByText('built-in texts')).toHaveCount(0)
    }
  })
})
