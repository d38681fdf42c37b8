import type { IncomingMessage, ServerResponse } from 'node:http'
import express from 'express'
import 'react-router'
import { OFFLINE_PATH } from '~/lib/offline/saved-pages'
import { pagePathOf } from '~/lib/platform/data-requests'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { announceSetupLink } from '~/lib/staff/admin-cli.server'
import { staffSecretKey, unencryptedSecretsWarning } from '~/lib/staff/two-step/key.server'
import { startMaintenance } from '~/lib/platform/maintenance.server'
import { startServerBackups } from '~/lib/backups/server-backups.server'
import { STAFF_CLEANUP_JOBS } from '~/lib/staff/cleanup.server'
import { listenForDeskEvents } from '~/lib/desk-events/listen.server'
import { closeAllDeskStreams } from '~/lib/desk-events/event-stream.server'
import { senderAddress, smtpTransport, startStaffMail } from '~/lib/mail/staff-mail.server'
import { alertRecipientsFor, applyAlertDefaults, countAlertRecipients } from '~/lib/mail/alert-recipients.server'
import { RETRY_AFTER_SECONDS } from '~/lib/platform/unavailable.server'
import { sql } from 'drizzle-orm'
import { MAX_FORM_BYTES } from '~/lib/platform/read-form.server'
import { MAX_UPLOAD_REQUEST_BYTES } from '~/lib/media/media.server'
import { importEarlierUploads } from '~/lib/media/storage.server'
import { sendPayloadTooLarge } from './payload-too-large'
import { loadContext } from './load-context'
import { createRequestHandler } from './request-handler'
import { refuseCrossSitePosts } from './cross-site'
import { PageCache } from './page-cache'
import { requestScheme } from './scheme'
import { contentSecurityPolicy } from '~/lib/platform/content-security-policy'
import { isCachedPostPath } from '~/lib/posts/posts'
import { isPublicPath } from '~/lib/seo/seo'
import { knownSiteVersion, siteVersion } from '~/lib/site/site-version.server'
import { kabulToday } from '~/lib/forms/shared'
import * as build from 'virtual:react-router/server-build'
import { mayOfferLanguage, SUGGESTION_VARY, suggestedLocale } from '~/lib/i18n/language-suggestion.server'
import { addCounts, ANALYTICS_CLEANUP_JOBS } from '~/lib/analytics/store.server'
import { NO_VISIT_COUNTING, startVisitCounting, type VisitCounting } from './site-visits'

let stopMaintenance: (() => Promise<void>) | null = null
/** The backup schedule and the control socket of `npm run backup` (app/lib/backups). */
let stopBackups: (() => Promise<void>) | null = null
/** The live updates' LISTEN connection and the staff e-mail sender, in every server process. */
let stopStaffAlerts: Array<() => Promise<void>> = []
/** The site analytics' counting in this process (ANALYTICS); nothing counted until started. */
let visitCounting: VisitCounting = NO_VISIT_COUNTING

/**
 * Connects the database and applies migrations (a PostgreSQL server that does not answer yet is
 * tried again for a while); called once before the server listens. The first (or only) server
 * process also prints the setup link and runs the scheduled sweeps, so several processes do not
 * repeat them.
 */
export async function startup({ firstProcess = true } = {}): Promise<{ port: number; host: string }> {
  const config = env()
  const handle = await connectDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
  if (firstProcess) {
    console.info(`Database: ${handle.kind === 'server' ? 'PostgreSQL server' : `embedded, in ${config.DATA_DIR}`}`)
    const secrets = unencryptedSecretsWarning(staffSecretKey())
    if (secrets) console.warn(secrets)
    await announceSetupLink()
    await importEarlierUploads(handle.db)
    stopMaintenance = startMaintenance({
      database,
      jobs: [...STAFF_CLEANUP_JOBS, ...ANALYTICS_CLEANUP_JOBS],
      rateLimitMemoryMs: config.FORM_RATE_WINDOW_SECONDS * 1000,
    })
    stopBackups = await startServerBackups(config, handle)
  }
  await startStaffAlerts(config, firstProcess)
  if (config.ANALYTICS === 'on') {
    visitCounting = startVisitCounting({
      store: async (rows) => addCounts(await database(), rows),
      trustProxyHops: config.TRUST_PROXY,
      ownHosts: [new URL(config.PUBLIC_URL).hostname],
    })
  }
  return { port: config.PORT, host: config.HOST }
}

/**
 * New requests reach staff: live updates across processes (PostgreSQL) and e-mail (SMTP_URL). The
 * recipients are read from the database at each send (chosen in the admin panel); ALERT_EMAILS and
 * ALERT_EMAIL_LANGUAGE are copied there once, at the first start.
 */
async function startStaffAlerts(config: ReturnType<typeof env>, firstProcess: boolean): Promise<void> {
  if (config.DATABASE_URL) stopStaffAlerts.push(listenForDeskEvents({ url: config.DATABASE_URL }).stop)
  if (!config.SMTP_URL) return
  const db = await database()
  if (firstProcess) {
    const copied = await applyAlertDefaults(db, config.ALERT_EMAILS, config.ALERT_EMAIL_LANGUAGE)
    if (copied) console.info(`ALERT_EMAILS: ${copied} address(es) copied to the staff list's e-mail alerts; later changes are made there.`)
  }
  const mail = startStaffMail({
    database,
    transport: smtpTransport(config.SMTP_URL, { allowPlainLocal: config.SMTP_ALLOW_PLAIN_LOCAL }),
    from: senderAddress(config.SMTP_URL, config.PUBLIC_URL),
    recipients: async (kind) => alertRecipientsFor(await database(), kind),
    publicUrl: config.PUBLIC_URL,
  })
  stopStaffAlerts.push(mail.stop)
  if (firstProcess) {
    const count = await countAlertRecipients(db)
    console.info(
      count > 0
        ? `Staff e-mails about new requests go to ${count} address(es), as chosen in the admin panel.`
        : 'SMTP_URL is set, but no staff member has chosen e-mail alerts yet (My account, or Staff for administrators).',
    )
  }
}

/** Ends the staff pages' event streams, so that no open connection holds up a stop. */
export function closeLiveStreams(): number {
  return closeAllDeskStreams()
}

export async function shutdown(): Promise<void> {
  closeAllDeskStreams()
  // The last counts are added while the database is still open.
  await visitCounting.stop()
  visitCounting = NO_VISIT_COUNTING
  const alerts = stopStaffAlerts
  stopStaffAlerts = []
  await Promise.all(alerts.map((stop) => stop()))
  await stopMaintenance?.()
  stopMaintenance = null
  // A backup in progress finishes first: it uses the database.
  await stopBackups?.()
  stopBackups = null
  await disconnectDatabase()
}

export const app = express()
app.disable('x-powered-by')

/**
 * Pages (and their data requests and redirects) are private and revalidated on every use: each
 * response carries its own CSP nonce and, on pages with a form, its own submission token, so no
 * shared cache may keep one (docs/decisions/006-page-caching.md). A route may set its own value.
 */
export const PAGE_CACHE_CONTROL = 'private, no-cache'
/** Staff pages show patient and student data: never stored by browsers or proxies, whatever the route says. */
export const ADMIN_CACHE_CONTROL = 'no-store'

/** Sets Cache-Control just before the headers go out, so the route's own headers are known. */
function cacheControl(value: string, { override }: { override: boolean }): express.RequestHandler {
  return (_req, res, next) => {
    const writeHead = res.writeHead
    res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
      if (override || !this.hasHeader('Cache-Control')) this.setHeader('Cache-Control', value)
      return writeHead.apply(this, args)
    } as typeof writeHead
    next()
  }
}
app.use('/admin', cacheControl(ADMIN_CACHE_CONTROL, { override: true }))
app.use(cacheControl(PAGE_CACHE_CONTROL, { override: false }))

app.get('/healthz', async (_req, res) => {
  res.setHeader('Cache-Control', 'no-store')
  try {
    const db = await database()
    await db.execute(sql`select 1`)
    res.json({ status: 'ok' })
  } catch {
    res.status(503).setHeader('Retry-After', String(RETRY_AFTER_SECONDS)).json({ status: 'unavailable' })
  }
})

/** The most a request may send: the media library's upload (to its page or its data), or an ordinary form. */
export function bodyLimitFor(pathname: string): number {
  return /^\/admin\/media\/?$/.test(pagePathOf(pathname)) ? MAX_UPLOAD_REQUEST_BYTES : MAX_FORM_BYTES
}

export const pageCache = new PageCache({
  // Off in development, where the code changes under the same published version.
  maxBytes: () => (process.env.NODE_ENV === 'production' ? env().PAGE_CACHE_MAX_BYTES : 0),
  isPublicPage: (path) => isPublicPath(path) || path === OFFLINE_PATH || isCachedPostPath(path),
  version: siteVersion,
  knownVersion: knownSiteVersion,
  cacheControl: PAGE_CACHE_CONTROL,
  today: kabulToday,
  defaultPolicy: (nonce, https) => contentSecurityPolicy(nonce, { https }),
  // An English page suggests Dari or Pashto to a visitor who prefers it: three copies at most.
  variant: (pathname, header) => ({
    key: suggestedLocale(pathname, header) ?? '',
    vary: mayOfferLanguage(pathname) ? SUGGESTION_VARY : '',
  }),
})

/**
 * Answers a cached public page before Express (server/serve.js); false when the request needs the
 * application. The scheme is X-Forwarded-Proto only behind a trusted proxy, and only http or https.
 */
export function answerFromPageCache(req: IncomingMessage, res: ServerResponse): boolean {
  const forwarded = env().TRUST_PROXY > 0 ? String(req.headers['x-forwarded-proto'] ?? '').split(',')[0] : undefined
  const scheme = requestScheme(forwarded, Boolean((req.socket as { encrypted?: boolean }).encrypted))
  return pageCache.answerFromMemory(req, res, scheme)
}

app.use(
  createRequestHandler({
    // The build itself, not a function returning it: React Router derives its routes from a
    // function's result again on every request (meant for development, where the build changes).
    build,
    // A post from another site is refused (403) before the page cache or any action sees it.
    wrap: (handler) => refuseCrossSitePosts(pageCache.wrap(handler)),
    getLoadContext: (req, res) => loadContext(req, res, (request) => pageCache.copyOf(request)),
    bodyLimit: (req) => bodyLimitFor(req.path),
    payloadTooLarge: sendPayloadTooLarge,
  }),
)

/**
 * Counts the request if it is a visit to a public page (server/site-visits.ts), once it is answered;
 * called by server/serve.js for every request, after the page cache or Express has taken it.
 */
export function countVisit(req: IncomingMessage, res: ServerResponse): void {
  visitCounting.countVisit(req, res)
}

/** Whether the service worker is offered (SERVICE_WORKER); off, /sw.js is not found. */
export function serviceWorkerEnabled(): boolean {
  return env().SERVICE_WORKER === 'on'
}

/** How many reverse proxies stand in front of the server (Express's `trust proxy` hop count). */
export function trustedProxyHops(): number {
  return env().TRUST_PROXY
}
export { securityHeaders } from './security-headers'
export { allowedMethods, refuseConnect } from './methods'
export { trackConnections } from './connections'
export { runAdminCreate } from '~/lib/staff/admin-cli.server'
export { runBackup, runRestore } from '~/lib/backups/backup-cli.server'
