// Valid public form submissions: a fresh 32-hex-digit token each, a name unique in the run (so the
// database can be counted per submission), a valid Afghan mobile number and a preferred date a few
// days ahead in Kabul. One in four goes to the page itself, as a browser without JavaScript sends
// it (the answer is the whole page); the others to the page's data URL, as the form's fetcher does.
import { randomBytes } from 'node:crypto'
import { send } from './load.js'

const LANGUAGE_PREFIXES = ['', '/fa', '/ps']

/**
 * Loads the forms' pages once, as the browsers that post to them have: a post sent without
 * JavaScript and saved is answered from its page's cached copy (docs/decisions/045). Errors (a
 * server away in a fault run) are left for the posts to meet.
 * @param {{ port: number, agent: import('node:http').Agent }} options
 */
export async function loadFormPages({ port, agent }) {
  for (const prefix of LANGUAGE_PREFIXES) {
    for (const page of ['/clinic/appointment', '/academy/register']) await send({ port, agent, path: `${prefix}${page}`, method: 'GET' })
  }
}

/** YYYY-MM-DD in Kabul, `days` from now. */
function kabulDate(days) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Asia/Kabul',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(Date.now() + days * 86_400_000))
  const part = (type) => parts.find((p) => p.type === type)?.value
  return `${part('year')}-${part('month')}-${part('day')}`
}

/**
 * Makes the submissions of one scenario. Names are `Fault <run> <scenario> <n>`; `next()` gives a
 * new submission, alternating the appointment and registration forms and the three languages.
 */
export function submissionMaker(runId, scenario) {
  let count = 0
  return function next() {
    const n = count++
    const name = `Fault ${runId} ${scenario} ${String(n).padStart(5, '0')}`
    const token = randomBytes(16).toString('hex')
    const phone = mobileNumber(n)
    const prefix = LANGUAGE_PREFIXES[n % 3]
    const suffix = Math.floor(n / 2) % 4 === 0 ? '' : '.data'
    if (n % 2 === 0) return { name, path: `${prefix}/clinic/appointment${suffix}`, body: appointmentBody(n, name, token) }
    return {
      name,
      path: `${prefix}/academy/register${suffix}`,
      body: new URLSearchParams({
        token,
        website: '',
        name,
        phone,
        email: `student${n}@example.org`,
        address: 'Shahr-e Naw, Kabul',
        education: 'Grade 12',
        course: '',
      }).toString(),
    }
  }
}

/** A valid Afghan mobile number, different for consecutive `n`. */
function mobileNumber(n) {
  return `07${n % 10}${String(1_000_000 + ((n * 7919) % 9_000_000)).slice(-7)}`
}

/** A valid appointment request's form-encoded body, the `n`th of a run. */
function appointmentBody(n, name, token) {
  return new URLSearchParams({
    token,
    website: '',
    name,
    phone: mobileNumber(n),
    email: n % 4 === 0 ? `patient${n}@example.org` : '',
    date: kabulDate(2 + (n % 90)),
    message: n % 3 === 0 ? 'A check-up, please.\nMornings suit me best.' : '',
  }).toString()
}

/**
 * Appointment requests only, all to the English page itself as a browser without JavaScript sends
 * them (the answer is the whole page). Names are `Bench <run> <label> <n>`.
 * @param {string} runId
 * @param {string} label
 * @returns {() => { name: string, path: string, body: string }}
 */
export function noScriptAppointmentMaker(runId, label) {
  let count = 0
  return function next() {
    const n = count++
    const name = `Bench ${runId} ${label} ${String(n).padStart(5, '0')}`
    return { name, path: '/clinic/appointment', body: appointmentBody(n, name, randomBytes(16).toString('hex')) }
  }
}

/** An acknowledgement: the page with the success panel, or the fetcher's data with status success. */
export function isAcknowledged(result) {
  if (result.status !== 200) return false
  return result.body.includes('data-variant="success"') || result.body.includes('"status","success"')
}
