// What a visitor and a staff member meet through the proxy. Each check returns what it saw, or
// throws a CheckFailure saying what was wrong.
import { createHash, randomBytes } from 'node:crypto'
import sharp from 'sharp'
import { isAcknowledged, submissionMaker } from '../faults/forms.js'
import { FORM_RATE_LIMIT } from './app.js'
import { expect } from './checks.js'
import { findCookie } from './client.js'

/** The longest a new request may take to reach a signed-in desk, from the post to the event. */
export const LIVE_EVENT_LIMIT_MS = 2_000
/** How long the check waits for the event at all (so a late event is measured, not just missed). */
const LIVE_EVENT_WAIT_MS = 15_000
const MB = 1024 * 1024

const ADMIN = { username: 'deploy-admin', password: 'Front-door-check-2026!', displayName: 'Deployment Check' }

const nextSubmission = submissionMaker(randomBytes(3).toString('hex'), 'deploy')

/** A new appointment request, posted as a page without JavaScript posts it. */
function appointment() {
  for (;;) {
    const submission = nextSubmission()
    if (submission.path.includes('/clinic/appointment')) return submission
  }
}

export async function postAppointment({ client }, from, headers = {}) {
  const submission = appointment()
  const answer = await client.request(submission.path, {
    method: 'POST',
    from,
    body: submission.body,
    headers: { Origin: client.origin, Accept: 'text/html', 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
  })
  return { ...answer, acknowledged: isAcknowledged(answer), name: submission.name }
}

export async function httpsPage({ client }) {
  const seen = []
  for (const path of ['/', '/fa/clinic', '/ps/academy']) {
    const page = await client.request(path, { headers: { Accept: 'text/html' } })
    expect(page.status === 200, `GET ${path} answered ${page.status}`)
    expect(/^text\/html/.test(page.headers['content-type'] ?? ''), `GET ${path} sent ${page.headers['content-type']}`)
    seen.push(`${path} 200`)
  }
  return `${seen.join(', ')} over HTTPS, the certificate checked against Caddy's local root`
}

export async function hsts({ client }) {
  const page = await client.request('/', { headers: { Accept: 'text/html' } })
  const header = page.headers['strict-transport-security'] ?? ''
  const maxAge = Number(/max-age=(\d+)/.exec(header)?.[1] ?? 0)
  expect(maxAge >= 180 * 86_400, `Strict-Transport-Security is "${header}"`)
  return `Strict-Transport-Security: ${header}`
}

export async function httpRedirect({ client }) {
  const path = '/clinic?from=plain'
  const answer = await client.request(path, { plain: true, headers: { Accept: 'text/html' } })
  const location = answer.headers.location ?? ''
  expect([301, 308].includes(answer.status), `http:// answered ${answer.status}, not a permanent redirect`)
  // Caddy 2.6 leaves the HTTPS port out of its redirect (right on a real site, where it is 443); the
  // local run follows it to its own HTTPS port.
  const target = URL.canParse(location) ? new URL(location) : null
  expect(
    target?.protocol === 'https:' && target.hostname === 'localhost' && `${target.pathname}${target.search}` === path,
    `the redirect goes to "${location}", not https://localhost${path}`,
  )
  const followed = await client.request(path, { headers: { Accept: 'text/html' } })
  expect(followed.status === 200, `the redirect's target answered ${followed.status}`)
  return `http://localhost${path} ${answer.status} → ${location} → 200`
}

/** Creates the first administrator with the setup token, then signs in; keeps the session for later checks. */
export async function staffCookies(ctx) {
  const { client, app } = ctx
  const setup = await client.postForm(`/admin/setup?token=${app.env.ADMIN_SETUP_TOKEN}`, {
    token: app.env.ADMIN_SETUP_TOKEN,
    displayName: ADMIN.displayName,
    username: ADMIN.username,
    password: ADMIN.password,
    confirm: ADMIN.password,
  })
  expect(setup.status === 302 || setup.status === 303, `the setup link's form answered ${setup.status}`)
  const login = await client.postForm('/admin/login', { username: ADMIN.username, password: ADMIN.password })
  expect(login.status === 302 || login.status === 303, `signing in answered ${login.status}`)
  const cookie = findCookie(login.headers, 'staff_session')
  expect(cookie, 'signing in set no staff_session cookie')
  expect(cookie.name.startsWith('__Host-'), `the session cookie is named ${cookie.name}, without __Host-`)
  for (const attribute of ['secure', 'httponly', 'path=/'])
    expect(cookie.attributes.includes(attribute), `the session cookie lacks ${attribute}`)
  expect(!cookie.attributes.some((a) => a.startsWith('domain=')), 'the session cookie names a Domain')
  const dashboard = await client.request('/admin/dashboard', { headers: { Accept: 'text/html', Cookie: cookie.pair } })
  expect(dashboard.status === 200, `the dashboard answered ${dashboard.status} with the session`)
  ctx.session = cookie.pair
  ctx.admin = ADMIN
  return `${cookie.name}; ${cookie.attributes.join('; ')} (administrator from ADMIN_SETUP_TOKEN, signed in, dashboard 200)`
}

export async function healthz({ client }) {
  const answer = await client.request('/healthz')
  expect(answer.status === 200, `/healthz answered ${answer.status}`)
  expect(JSON.parse(answer.body).status === 'ok', `/healthz said ${answer.body}`)
  return `200 ${answer.body.trim()}`
}

/** 127.0.0.2 uses up its allowance; 127.0.0.3, another client behind the same proxy, still posts. */
export async function rateLimitPerClient(ctx) {
  for (let n = 1; n <= FORM_RATE_LIMIT; n++) {
    const answer = await postAppointment(ctx, '127.0.0.2')
    expect(answer.acknowledged, `post ${n} of ${FORM_RATE_LIMIT} from 127.0.0.2 answered ${answer.status} without the success panel`)
  }
  const over = await postAppointment(ctx, '127.0.0.2')
  expect(over.status === 429, `post ${FORM_RATE_LIMIT + 1} from 127.0.0.2 answered ${over.status}, not 429`)
  const other = await postAppointment(ctx, '127.0.0.3')
  expect(other.acknowledged, `the first post from 127.0.0.3 answered ${other.status}: counted with 127.0.0.2's`)
  return `FORM_RATE_LIMIT=${FORM_RATE_LIMIT}: 127.0.0.2 ${FORM_RATE_LIMIT}× 200 then 429; 127.0.0.3 200`
}

/**
 * A made-up X-Forwarded-For neither lifts a limited client's limit nor spreads one client's posts
 * over several addresses.
 */
export async function forgedForwardedFor(ctx) {
  const limited = await postAppointment(ctx, '127.0.0.2', { 'X-Forwarded-For': '203.0.113.7' })
  expect(limited.status === 429, `127.0.0.2 with X-Forwarded-For: 203.0.113.7 answered ${limited.status}, not 429`)
  for (let n = 1; n <= FORM_RATE_LIMIT; n++) {
    const answer = await postAppointment(ctx, '127.0.0.4', { 'X-Forwarded-For': `198.51.100.${n}` })
    expect(answer.acknowledged, `post ${n} from 127.0.0.4 answered ${answer.status}`)
  }
  const over = await postAppointment(ctx, '127.0.0.4', { 'X-Forwarded-For': '198.51.100.99, 192.0.2.1' })
  expect(
    over.status === 429,
    `post ${FORM_RATE_LIMIT + 1} from 127.0.0.4, each with a new forged address, answered ${over.status}, not 429`,
  )
  return `127.0.0.2 + forged address: 429; 127.0.0.4 with ${FORM_RATE_LIMIT + 1} different forged addresses: ${FORM_RATE_LIMIT}× 200 then 429`
}

export async function liveDeskEvent(ctx) {
  const { client } = ctx
  expect(ctx.session, 'no staff session (the cookie check failed)')
  const stream = await client.openEvents('/admin/events', { cookie: ctx.session })
  try {
    expect(/^text\/event-stream/.test(stream.headers['content-type'] ?? ''), `/admin/events sent ${stream.headers['content-type']}`)
    const hello = await stream.next('hello', performance.now() + LIVE_EVENT_WAIT_MS)
    expect(hello, `the stream's first event did not arrive within ${LIVE_EVENT_WAIT_MS / 1000} s (buffered by the proxy?)`)
    const posted = performance.now()
    const answer = await postAppointment(ctx, '127.0.0.5')
    expect(answer.acknowledged, `the new request's post answered ${answer.status}`)
    const created = await stream.next('created', posted + LIVE_EVENT_WAIT_MS)
    expect(created, `no "created" event within ${LIVE_EVENT_WAIT_MS / 1000} s of the post`)
    const ms = Math.round(created.at - posted)
    expect(created.data?.kind === 'appointment', `the event was about ${JSON.stringify(created.data)}`)
    expect(ms <= LIVE_EVENT_LIMIT_MS, `the event arrived ${ms} ms after the post (limit ${LIVE_EVENT_LIMIT_MS} ms)`)
    return `"created" (appointment, ${created.data.pending} pending) ${ms} ms after the post (limit ${LIVE_EVENT_LIMIT_MS} ms)`
  } finally {
    stream.close()
  }
}

/**
 * A PNG of random pixels (which do not compress) just under the media library's 5 MB: the largest
 * kind of upload the server allows must pass the proxy too.
 */
async function testImage() {
  const width = 1300
  const height = 1250
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

function upload(ctx, bytes, filename) {
  return ctx.client.upload(
    '/admin/media',
    { intent: 'upload', 'alt.en': 'Deployment check', 'alt.fa': 'بررسی نصب', 'alt.ps': 'د نصب کتنه' },
    { name: 'file', filename, type: 'image/png', bytes },
    { cookie: ctx.session },
  )
}

export async function allowedUpload(ctx) {
  expect(ctx.session, 'no staff session (the cookie check failed)')
  const image = await testImage()
  const answer = await upload(ctx, image, 'check.png')
  expect(answer.status === 200, `the upload answered ${answer.status}`)
  expect(answer.body.includes('Image uploaded.'), 'the answer does not say "Image uploaded."')
  const library = await ctx.client.request('/admin/media', { headers: { Accept: 'text/html', Cookie: ctx.session } })
  const url = /\/media\/[\w.-]+\.webp/.exec(library.body)?.[0]
  expect(url, 'the media library lists no image')
  const served = await ctx.client.request(url)
  expect(
    served.status === 200 && served.headers['content-type'] === 'image/webp',
    `${url} answered ${served.status} ${served.headers['content-type']}`,
  )
  ctx.image = { url, sha256: createHash('sha256').update(served.bytes).digest('hex') }
  return `${(image.length / MB).toFixed(2)} MB PNG over HTTP/${answer.httpVersion}: 200 "Image uploaded."; ${url} served (${served.bytes.length} bytes)`
}

/** Just over the server's limit (Caddy passes it on) and far over it (past Caddy's own limit). */
export async function oversizedUpload(ctx) {
  expect(ctx.session, 'no staff session (the cookie check failed)')
  const seen = []
  for (const size of [5.5 * MB, 20 * MB]) {
    const answer = await upload(ctx, randomBytes(size), 'large.png')
    const label = `${size / MB} MB`
    expect(answer.status === 413, `${label}: answered ${answer.status}, not 413`)
    expect(answer.body.includes('Too much to send'), `${label}: 413 without the server's explanation ("${answer.body.slice(0, 120)}")`)
    seen.push(`${label}: 413 "Too much to send" (HTTP/${answer.httpVersion})`)
  }
  return seen.join('; ')
}
