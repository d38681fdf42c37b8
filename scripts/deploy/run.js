// `npm run test:deploy`: the deployment kit tried for real. The built server (embedded database in a
// temporary DATA_DIR, TRUST_PROXY=1, PUBLIC_URL=https://localhost:<port>) runs behind Caddy with the
// kit's Caddyfile (deploy/Caddyfile) and certificates from Caddy's local authority, and a client that
// trusts that authority's root checks what a deployment needs: HTTPS, HSTS, secure staff cookies, the
// redirect from HTTP, the real client address for the rate limit, live desk events, uploads,
// /healthz, and a backup → off-site copy → wipe → restore-from-the-remote drill (rclone serve sftp). One line per check, then `N passed, N failed`.
//
// Environment: BUILD_DIR (default build), DEPLOY_APP_PORT, DEPLOY_HTTP_PORT, DEPLOY_HTTPS_PORT, DEPLOY_REMOTE_PORT (free
// ports are picked when these are not set). All traffic goes to 127.0.0.1; every process and
// temporary folder is removed at the end, also after a failure or Ctrl-C.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ensureBuild } from '../faults/build.js'
import { cleanUp, cleanUpOnSignals, temporaryFolder } from '../faults/cleanup.js'
import { assertFree, freePort } from './ports.js'
import { startCaddy } from './caddy.js'
import { siteClient } from './client.js'
import { checkList } from './checks.js'
import { startApp } from './app.js'
import * as site from './site-checks.js'
import { backupDrill, onlineBackup } from './drill.js'
import { startSftpRemote } from './remote.js'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')

const checks = checkList()
const started = Date.now()

async function main() {
  cleanUpOnSignals('the deployment test')
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.once(signal, () => checks.stop())
  const buildDir = process.env.BUILD_DIR ?? 'build'
  await ensureBuild(ROOT, buildDir)

  const ports = {
    appPort: Number(process.env.DEPLOY_APP_PORT ?? (await freePort())),
    httpPort: Number(process.env.DEPLOY_HTTP_PORT ?? (await freePort())),
    httpsPort: Number(process.env.DEPLOY_HTTPS_PORT ?? (await freePort())),
    remotePort: Number(process.env.DEPLOY_REMOTE_PORT ?? (await freePort())),
  }
  for (const port of Object.values(ports)) await assertFree(port)
  const folder = temporaryFolder('kabul-dental-deploy-').path
  console.info(
    `Deployment test: the server on 127.0.0.1:${ports.appPort}, Caddy on https://localhost:${ports.httpsPort} and http://localhost:${ports.httpPort}.`,
  )

  const app = startApp({ root: ROOT, buildDir, folder, appPort: ports.appPort, httpsPort: ports.httpsPort })
  await app.start()
  const caddy = await startCaddy({ root: ROOT, folder: path.join(folder, 'caddy'), ...ports })
  const client = siteClient({ ...ports, rootCertificate: caddy.rootCertificate, folder })
  const remote = await startSftpRemote({ folder: path.join(folder, 'remote'), port: ports.remotePort })

  const ctx = { root: ROOT, app, client, checks, folder, remote, archiveFolders: [] }
  await checks.run('HTTPS page', () => site.httpsPage(ctx))
  await checks.run('HSTS', () => site.hsts(ctx))
  await checks.run('HTTP redirected to HTTPS', () => site.httpRedirect(ctx))
  await checks.run('Staff cookies __Host- and Secure', () => site.staffCookies(ctx))
  await checks.run('/healthz through the proxy', () => site.healthz(ctx))
  await checks.run('Rate limit counts each client apart', () => site.rateLimitPerClient(ctx))
  await checks.run('A forged X-Forwarded-For gains nothing', () => site.forgedForwardedFor(ctx))
  await checks.run('New request on the live desk within 2 s', () => site.liveDeskEvent(ctx))
  await checks.run('Allowed upload passes', () => site.allowedUpload(ctx))
  await checks.run('Oversized upload refused clearly', () => site.oversizedUpload(ctx))
  await checks.run('Backup while serving', () => onlineBackup(ctx, () => site.postAppointment(ctx, '127.0.0.6')))
  await checks.run('Backup → off-site copy → wipe → restore from the remote', () => backupDrill(ctx))
}

try {
  await main()
} catch (error) {
  checks.fail('Set-up', error instanceof Error ? error.message : String(error))
} finally {
  await cleanUp()
}
const { passed, failed } = checks.totals()
console.info(`Finished in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
console.info(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 && passed > 0 ? 0 : 1)
