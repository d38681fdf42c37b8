/**
 * The `Server-Timing` header of a list or agenda response: how long its loader's database work took,
 * for scripts/measure-admin-list.js and the browser's network panel. Route modules pass it on with
 * `headers: passServerTiming`.
 */
export function serverTiming(started: number): HeadersInit {
  return { 'Server-Timing': `db;dur=${(performance.now() - started).toFixed(1)}` }
}

export function passServerTiming({ parentHeaders, loaderHeaders }: { parentHeaders: Headers; loaderHeaders: Headers }): Headers {
  const headers = new Headers(parentHeaders)
  const timing = loaderHeaders.get('Server-Timing')
  if (timing) headers.set('Server-Timing', timing)
  return headers
}
