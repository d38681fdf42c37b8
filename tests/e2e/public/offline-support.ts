import { expect, type Page } from '../support/test'

/**
 * Waits until the page's service worker is active and has kept `paths` (Cache Storage, any cache).
 * A worker installing on a machine whose every core is busy can take well over the usual 30 s.
 */
export async function untilKept(page: Page, paths: string[]): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => Promise.all(wanted.map(async (path) => Boolean(await caches.match(path, { ignoreVary: true })))), paths),
      { timeout: 90_000 },
    )
    .toEqual(paths.map(() => true))
}

/** Every URL held in the origin's Cache Storage, by cache. */
export async function keptUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })
}
