/**
 * The server's one call into the site analytics (app/lib/analytics): `countVisit(req, res)` runs
 * for every request, after the page cache's fast path or Express has taken it (server/serve.js),
 * and counts the visits among them once their status is known. With ANALYTICS=off it does nothing.
 *
 * The daily salt and, with several server processes, the shared set of the day's visitors come
 * from the cluster's primary (server/site-visitors.js); the client address is the one Express
 * would give (TRUST_PROXY hops), and never leaves this process's memory.
 */
import cluster from 'node:cluster'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { visitCandidate } from '~/lib/analytics/classify'
import { VisitCounter, type CountRow } from '~/lib/analytics/counter.server'
import { dailySalt, decodeSalt, SALT_VARIABLE } from './site-visitors.js'

export interface VisitCountingOptions {
  /** Adds counted rows to the database (addCounts). */
  store: (rows: CountRow[]) => Promise<void>
  /** How many reverse proxies stand in front of the server (TRUST_PROXY). */
  trustProxyHops: number
  /** This site's own host names (PUBLIC_URL's): a link from them is no referrer. */
  ownHosts: readonly string[]
  /** Longest time between two flushes (10 s). */
  intervalMs?: number
  now?: () => number
  /** How many of a batch of visitors are new for the whole server (several processes); default this process's own. */
  newVisitors?: (day: string, hashes: string[]) => Promise<number>
  salt?: ReturnType<typeof dailySalt>
}

export interface VisitCounting {
  countVisit: (req: IncomingMessage, res: ServerResponse) => void
  flush: () => Promise<void>
  stop: () => Promise<void>
}

/** Counting on: a counter flushed every 10 s, and the hook that feeds it. */
export function startVisitCounting(options: VisitCountingOptions): VisitCounting {
  const salt = options.salt ?? dailySalt({ seed: takeSaltFromPrimary(), now: options.now })
  const counter = new VisitCounter({
    salt,
    store: options.store,
    newVisitors: options.newVisitors ?? (cluster.isWorker ? visitorsThroughPrimary : undefined),
    intervalMs: options.intervalMs,
    now: options.now,
  }).start()
  const { trustProxyHops, ownHosts } = options
  return {
    countVisit(req, res) {
      const headers = req.headers
      const candidate = visitCandidate(
        { method: req.method ?? '', url: req.url ?? '', header: (name) => headerValue(headers[name]) },
        hostsOf(ownHosts, headers.host),
      )
      if (!candidate) return
      const record = () => counter.count(candidate, res.statusCode, clientAddress(req, trustProxyHops), headers['user-agent'] ?? '')
      // The page cache's fast path has answered already; anything else is counted when it is sent.
      if (res.headersSent) record()
      else res.once('finish', record)
    },
    flush: () => counter.flush(),
    stop: () => counter.stop(),
  }
}

/** Counting off (ANALYTICS=off). */
export const NO_VISIT_COUNTING: VisitCounting = { countVisit: () => {}, flush: async () => {}, stop: async () => {} }

function hostsOf(own: readonly string[], host: string | undefined): readonly string[] {
  if (!host) return own
  return [...own, host.replace(/:\d+$/, '').toLowerCase()]
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value
}

/**
 * The client's address as Express's `trust proxy` hop count reads it: the connection's, or behind
 * `hops` proxies the address the outermost of them saw in X-Forwarded-For.
 */
function clientAddress(req: IncomingMessage, hops: number): string {
  const socket = req.socket.remoteAddress ?? ''
  if (hops <= 0) return socket
  const forwarded = headerValue(req.headers['x-forwarded-for'])
  if (!forwarded) return socket
  const chain = [
    socket,
    ...forwarded
      .split(',')
      .map((part) => part.trim())
      .reverse(),
  ]
  return chain[Math.min(hops, chain.length - 1)] ?? socket
}

/** The salt the primary handed this process (read once, then removed from the environment). */
function takeSaltFromPrimary() {
  const seed = decodeSalt(process.env[SALT_VARIABLE])
  delete process.env[SALT_VARIABLE]
  return seed
}

let nextId = 0
const waiting = new Map<number, (count: number) => void>()
/** The primary's answer waits this long; without it, this process's own count stands. */
const PRIMARY_TIMEOUT_MS = 3_000

function visitorsThroughPrimary(day: string, hashes: string[]): Promise<number> {
  if (!process.send) return Promise.resolve(hashes.length)
  if (waiting.size === 0) process.on('message', onPrimaryMessage)
  const id = ++nextId
  return new Promise((resolve) => {
    const timer = setTimeout(() => settle(hashes.length), PRIMARY_TIMEOUT_MS)
    const settle = (count: number) => {
      clearTimeout(timer)
      waiting.delete(id)
      if (waiting.size === 0) process.off('message', onPrimaryMessage)
      resolve(count)
    }
    waiting.set(id, settle)
    process.send!({ type: 'site-visitors', id, day, hashes }, undefined, undefined, (error) => {
      if (error) settle(hashes.length)
    })
  })
}

function onPrimaryMessage(message: unknown) {
  const answer = message as { type?: string; id?: number; count?: number }
  if (answer?.type !== 'site-visitors' || typeof answer.id !== 'number') return
  waiting.get(answer.id)?.(Number(answer.count) || 0)
}
