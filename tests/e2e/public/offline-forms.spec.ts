import { expect, test, type BrowserContext, type Page } from '../support/test'
import { ADMIN, ensureFirstAdmin, signIn } from '../support/admin'
import { waitForHydration } from '../support/page'
import { fillSolarDate, kabulDay } from '../support/solar-date'
import { uniqueName } from '../support/unique'
import { untilKept } from './offline-support'
import type { KeptState } from '~/lib/forms/public-form-state'
import { isDataPath } from '~/lib/platform/data-requests'

// The service worker is this spec's subject (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' })

// A request that cannot be sent is kept on the phone, then sent (docs/decisions/022-offline.md).
// Each test has a context of its own: its own worker, Cache Storage and IndexedDB.

const KEPT = 'Saved on this phone'
const SENT = '✅ Appointment Request Sent!'

/** A context whose worker has taken over `path`, with its scripts precached and the page kept. */
async function openedOnce(context: BrowserContext, path: string, offlinePage: string): Promise<Page> {
  await context.route('https://wa.me/**', (route) =>
    route.fulfill({ status: 200, contentType: 'text/html', body: '<title>WhatsApp</title>' }),
  )
  const page = await context.newPage()
  await page.goto(path)
  await untilKept(page, [path, offlinePage])
  // Now controlled by the worker: every script, the ones loaded on demand too, comes from it.
  await page.goto(path)
  await waitForHydration(page)
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true)
  return page
}

function form(page: Page) {
  return page.locator('form:has(input[name="token"])')
}

async function fillAppointment(page: Page, name: string, date = kabulDay(3)) {
  await form(page).getByLabel('Full Name').fill(name)
  await form(page).getByLabel('Phone Number').fill('0701234567')
  await form(page).getByLabel('Preferred Date').fill(date)
}

/**
 * The form's notice of a request kept on this phone, in one state (`data-kept`): the texts of the
 * states overlap (the removed request's says where it had been saved).
 */
function keptNotice(page: Page, state: KeptState = 'waiting') {
  return page.locator(`[data-kept="${state}"]`)
}

/** The kept requests in the page's IndexedDB. */
function keptRecords(page: Page): Promise<{ form: string; token: string; savedAt: number; entries: [string, string][] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open('kept-requests', 1)
        open.onupgradeneeded = () => open.result.createObjectStore('requests', { keyPath: 'form' })
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const read = open.result.transaction('requests').objectStore('requests').getAll()
          read.onsuccess = () => {
            open.result.close()
            resolve(read.result)
          }
          read.onerror = () => reject(read.error)
        }
      }),
  )
}

/** Changes the kept request of `form` in the page's IndexedDB (its time, a value). */
async function editKept(page: Page, formKind: string, change: { savedAt?: number; entry?: [string, string] }) {
  await page.evaluate(
    ({ formKind, change }) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('kept-requests', 1)
        open.onerror = () => reject(open.error)
        open.onsuccess = () => {
          const tx = open.result.transaction('requests', 'readwrite')
          const store = tx.objectStore('requests')
          const read = store.get(formKind)
          read.onsuccess = () => {
            const record = read.result
            if (change.savedAt !== undefined) record.savedAt = change.savedAt
            if (change.entry) {
              const [name, value] = change.entry
              record.entries = record.entries.map(([key, old]: [string, string]) => [key, key === name ? value : old])
            }
            store.put(record)
          }
          tx.oncomplete = () => {
            open.result.close()
            resolve()
          }
          tx.onerror = () => reject(tx.error)
        }
      }),
    { formKind, change },
  )
}

let desk: Page | undefined

/** How many requests the desk lists under this name. */
async function deskRows(list: 'patients' | 'students', name: string): Promise<number> {
  await desk!.goto(`/admin/${list}?q=${encodeURIComponent(name)}`)
  return desk!.locator(`a[href^="/admin/${list}/"]`).filter({ hasText: name }).count()
}

// Each test waits for a worker to install and opens its pages more than once.

test.beforeAll(async ({ browser, baseURL }) => {
  const context = await browser.newContext()
  await ensureFirstAdmin(context.request, baseURL!)
  desk = await context.newPage()
  // Creating the first administrator signs this context in already.
  await desk.goto('/admin/dashboard')
  if (new URL(desk.url()).pathname === '/admin/login') await signIn(desk, ADMIN)
})

test.afterAll(async () => {
  await desk?.context().close()
})

test('a request typed offline is kept, survives a reload, and is sent once when the connection returns', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await openedOnce(context, '/clinic/appointment', '/offline')
  const name = uniqueName('Kept')

  await context.setOffline(true)
  await fillAppointment(page, name)
  await form(page).getByRole('button', { name: 'Request Appointment' }).click()
  await expect(keptNotice(page)).toContainText(KEPT)
  await expect(keptNotice(page)).toContainText('It will be sent when you are online')
  await expect.poll(async () => (await keptRecords(page)).map((record) => record.form)).toEqual(['appointment'])

  // Reloaded without a connection: the page from the worker, the request still in the form.
  await page.reload()
  await expect(keptNotice(page)).toBeVisible()
  await expect(form(page).getByLabel('Full Name')).toHaveValue(name)

  await context.setOffline(false)
  await expect(page.getByText(SENT).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send the details on WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\//)
  await expect(page.locator('[data-kept]')).toHaveCount(0)
  // The phone's copy is removed after the page shows it: waited for, not read once.
  await expect.poll(() => keptRecords(page)).toEqual([])
  expect(await deskRows('patients', name)).toBe(1)
  await context.close()
})

test('two tabs that both send the kept request make one row', async ({ browser }) => {
  const context = await browser.newContext()
  const first = await openedOnce(context, '/clinic/appointment', '/offline')
  const name = uniqueName('Twice')
  await context.setOffline(true)
  await fillAppointment(first, name)
  await form(first).getByRole('button', { name: 'Request Appointment' }).click()
  await expect(keptNotice(first)).toBeVisible()
  const second = await context.newPage()
  await second.goto('/clinic/appointment')
  await expect(keptNotice(second)).toBeVisible()

  await context.setOffline(false)
  await expect(first.getByText(SENT).first()).toBeVisible()
  await expect(second.getByText(SENT).first()).toBeVisible()
  expect(await deskRows('patients', name)).toBe(1)
  await context.close()
})

test('a send that fails after its retry is kept, and a refused kept request comes back to the form with its message', async ({
  browser,
}) => {
  const context = await browser.newContext()
  const page = await openedOnce(context, '/clinic/appointment', '/offline')
  const name = uniqueName('Refused')
  // Online, but the request never reaches the server (twice: the send and its retry; nor from
  // the worker, whose Background Sync tries it as soon as it is kept).
  let attempts = 0
  await context.route('**/clinic/appointment*', (route) => {
    if (route.request().method() !== 'POST') return route.continue()
    if (isDataPath(new URL(route.request().url()).pathname)) attempts += 1
    return route.abort('connectionfailed')
  })
  await fillAppointment(page, name)
  await form(page).getByRole('button', { name: 'Request Appointment' }).click()
  await expect(keptNotice(page)).toBeVisible()
  expect(attempts).toBe(2)
  await context.unroute('**/clinic/appointment*')

  // Meanwhile its day went by: the server refuses it.
  await editKept(page, 'appointment', { entry: ['date', '2020-01-01'] })
  await page.reload()
  await expect(page.getByText('Please choose today or a later date.')).toBeVisible()
  await expect(keptNotice(page, 'refused')).toContainText('was not accepted')
  await expect(form(page).getByLabel('Full Name')).toHaveValue(name)
  // Still kept, with the server's answer, after another reload.
  await page.reload()
  await expect(page.getByText('Please choose today or a later date.')).toBeVisible()
  expect((await keptRecords(page)).length).toBe(1)

  // Corrected and sent: saved, and nothing is left on the phone.
  await form(page).getByLabel('Preferred Date').fill(kabulDay(4))
  await form(page).getByRole('button', { name: 'Request Appointment' }).click()
  await expect(page.getByText(SENT).first()).toBeVisible()
  await expect.poll(() => keptRecords(page)).toEqual([])
  expect(await deskRows('patients', name)).toBe(1)
  await context.close()
})

test('a kept request is removed after 7 days, and the visitor is told; one can be discarded', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await openedOnce(context, '/fa/clinic/appointment', '/fa/offline')
  await context.setOffline(true)
  await form(page).getByLabel('نام کامل').fill(uniqueName('Old'))
  await form(page).getByLabel('شماره تماس').fill('0701234567')
  await fillSolarDate(form(page), 'fa', kabulDay(5))
  await form(page).getByRole('button', { name: 'درخواست وقت ملاقات' }).click()
  await expect(keptNotice(page)).toContainText('روی این موبایل ذخیره شد')

  await editKept(page, 'appointment', { savedAt: Date.now() - 7 * 24 * 60 * 60 * 1000 - 60_000 })
  await page.reload()
  await expect(keptNotice(page, 'expired')).toContainText('درخواست ذخیره‌شده حذف شد')
  await expect.poll(() => keptRecords(page)).toEqual([])
  await expect(form(page).getByLabel('نام کامل')).toHaveValue('')

  // Another one, discarded by the visitor.
  await form(page).getByLabel('نام کامل').fill(uniqueName('Discarded'))
  await form(page).getByLabel('شماره تماس').fill('0701234567')
  await fillSolarDate(form(page), 'fa', kabulDay(5))
  await form(page).getByRole('button', { name: 'درخواست وقت ملاقات' }).click()
  await expect(keptNotice(page)).toContainText('روی این موبایل ذخیره شد')
  await page.getByRole('button', { name: 'حذف این درخواست' }).click()
  await expect(page.locator('[data-kept]')).toHaveCount(0)
  await expect.poll(() => keptRecords(page)).toEqual([])
  await context.close()
})

test('a registration typed offline in Pashto is kept, then sent', async ({ browser }) => {
  const context = await browser.newContext()
  const page = await openedOnce(context, '/ps/academy/register', '/ps/offline')
  const name = uniqueName('Student')
  await context.setOffline(true)
  const fields = form(page).locator('input:not([type=hidden]):not([tabindex="-1"])')
  await fields.nth(0).fill(name)
  await fields.nth(1).fill('student@example.com')
  await fields.nth(2).fill('0701234567')
  await fields.nth(3).fill('Kabul')
  await fields.nth(4).fill('Grade 12')
  await form(page).getByRole('button').click()
  await expect(keptNotice(page)).toContainText('په دې موبایل کې خوندي شوه')

  await context.setOffline(false)
  await expect(page.getByText('✅ نوم لیکنه ولېږل شوه!').first()).toBeVisible()
  await expect.poll(() => keptRecords(page)).toEqual([])
  expect(await deskRows('students', name)).toBe(1)
  await context.close()
})

test('Background Sync sends a kept request with no page open; the next visit shows its success', async ({ browser, baseURL }) => {
  const context = await browser.newContext()
  const page = await openedOnce(context, '/clinic/appointment', '/offline')
  const cdp = await context.newCDPSession(page)
  const registrations: string[] = []
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const { registrationId, isDeleted } of updated) if (!isDeleted) registrations.push(registrationId)
  })
  await cdp.send('ServiceWorker.enable')
  await expect.poll(() => registrations.length).toBeGreaterThan(0)

  const name = uniqueName('Synced')
  await context.setOffline(true)
  await fillAppointment(page, name)
  await form(page).getByRole('button', { name: 'Request Appointment' }).click()
  await expect(keptNotice(page)).toBeVisible()
  // No page of the site is open any more: only the worker can send it.
  await page.goto('about:blank')
  await context.setOffline(false)
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(baseURL!).origin,
    registrationId: registrations[0]!,
    tag: 'kept-requests',
    lastChance: false,
  })
  await expect.poll(() => deskRows('patients', name)).toBe(1)

  await page.goto('/clinic/appointment')
  await expect(page.getByText(SENT).first()).toBeVisible()
  await expect(page.getByRole('link', { name: 'Send the details on WhatsApp' })).toBeVisible()
  await expect.poll(() => keptRecords(page)).toEqual([])
  expect(await deskRows('patients', name)).toBe(1)
  await context.close()
})
