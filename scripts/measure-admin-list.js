// Times the admin patients list on a running server: the first page, a page in the middle
// (keyset cursor from scripts/seed-appointments.js), a status filter and searches.
//   BASE_URL=http://127.0.0.1:3000 ADMIN_USERNAME=… ADMIN_PASSWORD=… MIDDLE_CURSOR=… \
//     node scripts/measure-admin-list.js [runs=15]
// With ADMIN_SETUP_TOKEN (and no account yet) the administrator is created first.
// Prints the median and the slowest time of each request, in milliseconds.
const base = process.env.BASE_URL ?? 'http://127.0.0.1:3000'
const runs = Number(process.argv[2] ?? 15)
const { ADMIN_USERNAME: username, ADMIN_PASSWORD: password, ADMIN_SETUP_TOKEN: setupToken, MIDDLE_CURSOR: middle } = process.env
if (!username || !password) {
  console.error('Set ADMIN_USERNAME and ADMIN_PASSWORD.')
  process.exit(1)
}

const origin = { Origin: base }

if (setupToken) {
  await fetch(`${base}/admin/setup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...origin },
    body: new URLSearchParams({ token: setupToken, displayName: username, username, password, confirm: password }),
  })
}
const login = await fetch(`${base}/admin/login`, {
  method: 'POST',
  redirect: 'manual',
  headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...origin },
  body: new URLSearchParams({ username, password }),
})
const cookie = /((?:__Host-)?staff_session=[^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1]
if (!cookie) {
  console.error(`Sign-in failed (${login.status}).`)
  process.exit(1)
}

const cases = [
  ['first page (document)', '/admin/patients', 'text/html'],
  ['first page (data)', '/admin/patients.data', '*/*'],
  ...(middle
    ? [
        ['middle page (document)', `/admin/patients?after=${middle}`, 'text/html'],
        ['middle page (data)', `/admin/patients.data?after=${middle}`, '*/*'],
      ]
    : []),
  ['status filter: no-show', '/admin/patients.data?status=no-show', '*/*'],
  ['search by name', `/admin/patients.data?q=${encodeURIComponent('Seed Patient 4242')}`, '*/*'],
  ['search by phone', `/admin/patients.data?q=${encodeURIComponent('070 004 2424')}`, '*/*'],
]

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

for (const [label, path, accept] of cases) {
  const times = []
  for (let i = 0; i < runs + 2; i++) {
    const started = performance.now()
    const response = await fetch(`${base}${path}`, { headers: { Cookie: cookie, Accept: accept } })
    await response.arrayBuffer()
    if (response.status !== 200) throw new Error(`${path}: ${response.status}`)
    // The first two are warm-up.
    if (i >= 2) times.push(performance.now() - started)
  }
  console.info(
    `${label.padEnd(26)} median ${median(times).toFixed(1).padStart(7)} ms   max ${Math.max(...times)
      .toFixed(1)
      .padStart(7)} ms`,
  )
}
