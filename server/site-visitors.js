// Unique visitors of the site analytics (app/lib/analytics/counter.server.ts): the secret daily
// salt, and the one visitor set that several server processes on one machine share. Plain
// JavaScript, because the cluster's primary (server/processes.js) runs it without the build.
//
// The salt of a day is made from the previous day's by a one-way hash, and the previous one is then
// forgotten: every process of one server start holds the same salt without talking to the others,
// and nothing in memory can give back a past day's salt. The primary hands its current salt to each
// process it starts.
import { createHash, randomBytes } from 'node:crypto'

/** Kabul keeps UTC+4:30 all year (no daylight saving time since 1945). */
const KABUL_OFFSET_MS = 4.5 * 60 * 60 * 1000
const DAY_MS = 24 * 60 * 60 * 1000
/** The environment variable that carries the primary's salt to a server process it starts. */
export const SALT_VARIABLE = 'SITE_VISIT_SALT'
/** The visitors remembered a day (about 80 bytes each); beyond it, new ones are not counted. */
const MAX_VISITORS_PER_DAY = 200_000

/**
 * The Kabul calendar day of an instant, 'YYYY-MM-DD'.
 * @param {number} ms
 */
export function kabulDayOf(ms) {
  return new Date(ms + KABUL_OFFSET_MS).toISOString().slice(0, 10)
}

/**
 * The instant the next Kabul day begins (19:30 UTC).
 * @param {number} ms
 */
export function nextKabulMidnight(ms) {
  return Math.floor((ms + KABUL_OFFSET_MS) / DAY_MS) * DAY_MS + DAY_MS - KABUL_OFFSET_MS
}

/**
 * The day after a 'YYYY-MM-DD' day.
 * @param {string} day
 */
function dayAfter(day) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10)
}

/**
 * Today's salt, moved on at each Kabul midnight: `salt(next day) = SHA-256(salt, next day)`.
 * @param {{ seed?: { day: string, salt: Buffer } | null, now?: () => number }} [options]
 * @returns {() => { day: string, salt: Buffer, endsAt: number }}
 */
export function dailySalt({ seed = null, now = Date.now } = {}) {
  let day = seed?.day ?? kabulDayOf(now())
  let salt = seed?.salt ?? randomBytes(32)
  let endsAt = 0
  return () => {
    const time = now()
    if (time >= endsAt) {
      const today = kabulDayOf(time)
      while (day < today) {
        day = dayAfter(day)
        salt = createHash('sha256').update(salt).update(day).digest()
      }
      endsAt = nextKabulMidnight(time)
    }
    return { day, salt, endsAt }
  }
}

/**
 * The salt as handed to a server process.
 * @param {{ day: string, salt: Buffer }} daySalt
 */
export function encodeSalt({ day, salt }) {
  return `${day}.${salt.toString('base64url')}`
}

/**
 * The salt handed by the primary, or null (one process, or a value that does not read).
 * @param {string | undefined} value
 * @returns {{ day: string, salt: Buffer } | null}
 */
export function decodeSalt(value) {
  const match = /^(\d{4}-\d{2}-\d{2})\.([\w-]{43})$/.exec(value ?? '')
  return match ? { day: String(match[1]), salt: Buffer.from(String(match[2]), 'base64url') } : null
}

/**
 * The day's visitors as the primary keeps them for all server processes: only the current day's,
 * forgotten when a later day's arrive or when `forget` is called at midnight.
 */
export class VisitorSet {
  day = ''
  seen = new Set()

  /**
   * How many of `hashes` are new on `day`. A day already over (a late flush just after midnight)
   * is not remembered any more: all of them count.
   * @param {string} day
   * @param {string[]} hashes
   */
  add(day, hashes) {
    if (day < this.day) return hashes.length
    if (day > this.day) this.forget(day)
    let fresh = 0
    for (const hash of hashes) {
      if (this.seen.has(hash) || this.seen.size >= MAX_VISITORS_PER_DAY) continue
      this.seen.add(hash)
      fresh++
    }
    return fresh
  }

  forget(day = '') {
    this.day = day
    this.seen = new Set()
  }
}

/**
 * The primary's side: answers the server processes' `site-visitors` messages from one set, and at
 * each Kabul midnight moves the salt on and forgets the day's visitors.
 * @param {import('node:cluster').Cluster} cluster
 * @returns {{ saltForNewProcess: () => string, stop: () => void }}
 */
export function shareVisitors(cluster) {
  const salt = dailySalt()
  const visitors = new VisitorSet()
  /** @type {NodeJS.Timeout | undefined} */
  let timer
  const atMidnight = () => {
    visitors.forget(salt().day)
    timer = setTimeout(atMidnight, salt().endsAt - Date.now())
    timer.unref()
  }
  timer = setTimeout(atMidnight, salt().endsAt - Date.now())
  timer.unref()
  cluster.on('message', (worker, message) => {
    if (message?.type !== 'site-visitors' || !Array.isArray(message.hashes)) return
    worker.send({ type: 'site-visitors', id: message.id, count: visitors.add(String(message.day), message.hashes) })
  })
  return { saltForNewProcess: () => encodeSalt(salt()), stop: () => clearTimeout(timer) }
}
