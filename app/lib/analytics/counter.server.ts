/**
 * The visits of one server process, counted in memory and added to the database at most every 10
 * seconds and when the server stops: a few map increments per visit, one statement per flush. What
 * a crash loses is the counts since the last flush.
 *
 * Unique visitors follow Plausible: a visitor is the SHA-256 of the day's secret salt, the client
 * address and the user agent, remembered in memory for that Kabul day only; the salt is replaced at
 * Kabul midnight (`DaySalt`, given by the server), which also forgets the day's visitors. Neither
 * the address, the user agent nor the hash is ever stored or logged: the database gets the number
 * of visitors, worked out at each flush by `newVisitors` (this process's own count, or with several
 * server processes the one set they share, kept by the cluster's primary).
 */
import { createHash } from 'node:crypto'
import { visitOutcome, type VisitCandidate } from './classify'

/** One row's increment: see the site_visit_counts table. */
export interface CountRow {
  day: string
  metric: 'view' | 'visitor' | 'referrer' | 'device' | 'not_found'
  key: string
  locale: string
  count: number
}

/** Today in Kabul, its secret salt and when the day ends (ms); a new day comes with a new salt. */
type DaySalt = () => { day: string; salt: Buffer; endsAt: number }

export interface VisitCounterOptions {
  salt: DaySalt
  /** Adds the rows to the database (as increments); a rejection keeps them for the next flush. */
  store: (rows: CountRow[]) => Promise<void>
  /**
   * How many of `hashes`, visitors this process saw for the first time on `day`, are new for the
   * whole server. Without it (one process), all of them.
   */
  newVisitors?: (day: string, hashes: string[]) => Promise<number>
  /** The longest flushes are apart (10 s). */
  intervalMs?: number
  /** Called at each Kabul midnight to forget the day's visitors even without traffic; default setTimeout. */
  timers?: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout }
  now?: () => number
}

/** The distinct 404 paths and referrers one process records a day; the rest count under '(other)'. */
const MAX_KEYS_PER_DAY = 500
/** The visitors one process remembers a day (about 80 bytes each); beyond it, new ones are not counted. */
const MAX_VISITORS_PER_DAY = 200_000
const OTHER_KEY = '(other)'
const SEPARATOR = '\u0000'

export class VisitCounter {
  private pending = new Map<string, number>()
  private day = ''
  private seen = new Set<string>()
  private fresh: string[] = []
  private keys = new Set<string>()
  /** The visitor counts of days that ended before their last flush. */
  private retired: Array<Promise<CountRow>> = []
  private flushing: Promise<void> = Promise.resolve()
  private interval: ReturnType<typeof setInterval> | undefined
  private midnight: ReturnType<typeof setTimeout> | undefined
  private readonly timers: NonNullable<VisitCounterOptions['timers']>
  private readonly now: () => number

  constructor(private readonly options: VisitCounterOptions) {
    this.timers = options.timers ?? { setTimeout, clearTimeout }
    this.now = options.now ?? Date.now
  }

  /** Counts a request that was a candidate (classify.ts) once its status is known. */
  count(candidate: VisitCandidate, status: number, client: string, agent: string): void {
    const outcome = visitOutcome(candidate, status)
    if (!outcome) return
    const { day, salt } = this.options.salt()
    if (day !== this.day) this.beginDay(day)
    if (outcome === 'not_found') {
      this.add('not_found', this.limited('not_found', candidate.path), '')
      return
    }
    this.add('view', candidate.page!, candidate.locale)
    this.add('device', candidate.device, '')
    if (candidate.referrer) this.add('referrer', this.limited('referrer', candidate.referrer), '')
    if (this.seen.size < MAX_VISITORS_PER_DAY) {
      const hash = createHash('sha256').update(salt).update(client).update('\n').update(agent).digest('base64url').slice(0, 22)
      if (!this.seen.has(hash)) {
        this.seen.add(hash)
        this.fresh.push(hash)
      }
    }
  }

  /** Flushes every interval (never keeping the process alive) and forgets the visitors at Kabul midnight. */
  start(): this {
    const intervalMs = this.options.intervalMs ?? 10_000
    this.interval = setInterval(() => void this.flush(), intervalMs)
    this.interval.unref?.()
    this.scheduleMidnight()
    return this
  }

  /** Stops the timers and adds what is left (the server's shutdown). */
  async stop(): Promise<void> {
    clearInterval(this.interval)
    this.timers.clearTimeout(this.midnight)
    await this.flush()
  }

  /** Adds the counts so far to the database; one flush at a time. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.flushNow())
    return this.flushing
  }

  private async flushNow(): Promise<void> {
    const rows: CountRow[] = []
    for (const [id, count] of this.pending) {
      const [day, metric, key, locale] = id.split(SEPARATOR) as [string, CountRow['metric'], string, string]
      rows.push({ day, metric, key, locale, count })
    }
    this.pending = new Map()
    const visitors = [...this.retired, ...(this.fresh.length ? [this.visitorRow(this.day, this.fresh)] : [])]
    this.retired = []
    this.fresh = []
    for (const row of await Promise.all(visitors)) if (row.count > 0) rows.push(row)
    if (rows.length === 0) return
    try {
      await this.options.store(rows)
    } catch (error) {
      // Kept for the next flush, added to what comes meanwhile.
      for (const row of rows) this.add(row.metric, row.key, row.locale, row.count, row.day)
      console.warn(
        `Site analytics: adding ${rows.length} count(s) failed (${(error as { code?: string }).code ?? 'error'}); trying again at the next flush.`,
      )
    }
  }

  private visitorRow(day: string, hashes: string[]): Promise<CountRow> {
    const counted = this.options.newVisitors
      ? this.options.newVisitors(day, hashes).catch(() => hashes.length)
      : Promise.resolve(hashes.length)
    return counted.then((count) => ({ day, metric: 'visitor', key: '', locale: '', count }))
  }

  /** A new Kabul day: yesterday's new visitors are counted now, and its visitors forgotten. */
  private beginDay(day: string): void {
    if (this.day && this.fresh.length) this.retired.push(this.visitorRow(this.day, this.fresh))
    this.day = day
    this.seen = new Set()
    this.fresh = []
    this.keys = new Set()
  }

  private scheduleMidnight(): void {
    const wait = Math.max(0, this.options.salt().endsAt - this.now())
    this.midnight = this.timers.setTimeout(() => {
      const { day } = this.options.salt()
      if (day !== this.day) this.beginDay(day)
      this.scheduleMidnight()
    }, wait)
    ;(this.midnight as { unref?: () => void }).unref?.()
  }

  private limited(metric: string, key: string): string {
    const id = `${metric}${SEPARATOR}${key}`
    if (this.keys.has(id)) return key
    if (this.keys.size >= MAX_KEYS_PER_DAY * 2) return OTHER_KEY
    this.keys.add(id)
    return key
  }

  private add(metric: CountRow['metric'], key: string, locale: string, by = 1, day = this.day): void {
    const id = `${day}${SEPARATOR}${metric}${SEPARATOR}${key}${SEPARATOR}${locale}`
    this.pending.set(id, (this.pending.get(id) ?? 0) + by)
  }
}
