// Times the admin patients list and the agenda on a running server: the first page, a page in the
// middle (keyset cursor from scripts/seed-appointments.js), a status filter, the date filters,
// searches by name and phone, and the agenda's day and week.
//   BASE_URL=http://127.0.0.1:3000 ADMIN_USERNAME=… ADMIN_PASSWORD=… MIDDLE_CURSOR=… \
//     SEARCH_NAME=… SEARCH_PHONE=… AGENDA_DAY=YYYY-MM-DD node scripts/measure-admin-list.js [runs=15]
// With ADMIN_SETUP_TOKEN (and no account yet) the administrator is created first.
// Each case is requested runs + 2 times; the first two are warm-up. Prints the median and the
// slowest of the server time (the loader's Server-Timing header: session check and queries) and of
// the whole request as the client sees it, in milliseconds.
// A module (its awaits are top-level ones), with nothing to export.
export {}

const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000'
const runs = Number(process.argv[2] ?? 15)
const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password, ADMIN_SETUP_TOKEN: setupToken, MIDDLE_CURSOR: middle } = process.env
const searchName = process.env.SEARCH_NAME ?? 'Ahmad Karimi'
const searchPhone = process.env.SEARCH_PHONE ?? '070 004 2424'
const agendaDay = process.env.AGENDA_DAY ?? new Date(Date.now() + 270 * 60_000).toISOString().slice(0, 10)
if (!username || !password) {
  console.error('Set ADMIN_USERNAME and ADMIN_PASSWORD.')
  process.exit(1)
}

const originHeader = { Origin: base }

if (setupToken) {
  await fetch(`${base}/admin/setup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...originHeader },
    body: new URLSearchParams({ token: setupToken, displayName: username, username, password, confirm: password }),
  })
}
const login = await fetch(`${base}/admin/login`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...originHeader },
  body: new URLSearchParams({ username, password }),
})
const cookie = /((?:__Host-)?staff_session=[^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
if (!cookie) {
  console.error(`Sign-in failed (${login.status}).`)
  process.exit(1)
}

// A month and a day two years back, and a month ahead of the agenda's day (preferred dates run up to a month ahead).
const shift = (/** @type {string} */ day, /** @type {number} */ days) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
const monthAgo = { from: shift(agendaDay, -730), to: shift(agendaDay, -700) }
const q = (/** @type {Record<string, string>} */ params) => new URLSearchParams(params).toString()

const cases = [
  ['first page (document)', '/admin/patients', 'text/html'],
  ['first page', '/admin/patients.data', '*/*'],
  ...(middle
    ? [
        ['middle page (document)', `/admin/patients?after=${middle}`, 'text/html'],
        ['middle page', `/admin/patients.data?after=${middle}`, '*/*'],
      ]
    : []),
  ['status filter: no-show', '/admin/patients.data?status=no-show', '*/*'],
  ['received: a month', `/admin/patients.data?${q(monthAgo)}`, '*/*'],
  ['received: a day + status', `/admin/patients.data?${q({ from: monthAgo.from, to: monthAgo.from, status: 'completed' })}`, '*/*'],
  ['preferred: a month', `/admin/patients.data?${q({ ...monthAgo, dateField: 'preferred' })}`, '*/*'],
  ['preferred: until a date', `/admin/patients.data?${q({ to: monthAgo.to, dateField: 'preferred' })}`, '*/*'],
  ['confirmed: a month', `/admin/patients.data?${q({ ...monthAgo, dateField: 'confirmed' })}`, '*/*'],
  ['received: a month + name', `/admin/patients.data?${q({ ...monthAgo, q: searchName.split(' ')[0] })}`, '*/*'],
  ['search: full name', `/admin/patients.data?${q({ q: searchName })}`, '*/*'],
  ['search: family name', `/admin/patients.data?${q({ q: searchName.split(' ').at(-1) ?? '' })}`, '*/*'],
  ['search: first name', `/admin/patients.data?${q({ q: searchName.split(' ')[0] })}`, '*/*'],
  ['search: phone', `/admin/patients.data?${q({ q: searchPhone })}`, '*/*'],
  ['agenda: day', `/admin/agenda.data?${q({ day: agendaDay })}`, '*/*'],
  ['agenda: week', `/admin/agenda.data?${q({ view: 'week', day: agendaDay })}`, '*/*'],
  ['agenda: week (document)', `/admin/agenda?${q({ view: 'week', day: agendaDay })}`, 'text/html'],
]

const median = (/** @type {number[]} */ values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]
const ms = (/** @type {number} */ value) => value.toFixed(1).padStart(7)

console.info(
  `${'case'.padEnd(28)} ${'server: median'.padStart(14)} ${'max'.padStart(7)}   ${'client: median'.padStart(14)} ${'max'.padStart(7)}`,
)
for (const [label, path, accept] of cases) {
  const client = []
  const server = []
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now()
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie, Accept: accept } })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    const timing = /db;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')
    if (i >= 2) {
      client.push(performance.now() - started)
      if (timing) server.push(Number(timing[1]))
    }
  }
  const serverText = server.length
    ? `${ms(median(server)).padStart(14)} ${ms(Math.max(...server))}`
    : `${'–'.padStart(14)} ${'–'.padStart(7)}`
  console.info(`${label.padEnd(28)} ${serverText}   ${ms(median(client)).padStart(14)} ${ms(Math.max(...client))}`)
}
