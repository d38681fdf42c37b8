// Caddy with the kit's own Caddyfile (deploy/Caddyfile), changed only as docs/deploy.md tells an
// operator to change it (the domain; here also the server's port), plus global options for a
// local run: unprivileged ports on 127.0.0.1, no admin endpoint, certificates from Caddy's own local
// authority (`tls internal` for every site) whose root is not installed into the system's trust
// store. Its data and configuration live in a temporary folder (XDG_DATA_HOME, XDG_CONFIG_HOME).
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import https from 'node:https'
import path from 'node:path'
import { onCleanup } from '../faults/cleanup.js'
import { delay } from '../faults/server-process.js'

const DOMAIN_PLACEHOLDER = 'clinic.example.org'
const UPSTREAM_PLACEHOLDER = '127.0.0.1:3000'
const OUTPUT_KEPT = 16 * 1024

/** The kit's Caddyfile for this run; throws when the placeholders the docs name are missing. */
export function localCaddyfile(root, { appPort, httpPort, httpsPort }) {
  const kit = readFileSync(path.join(root, 'deploy/Caddyfile'), 'utf8')
  for (const placeholder of [DOMAIN_PLACEHOLDER, UPSTREAM_PLACEHOLDER]) {
    if (!kit.includes(placeholder))
      throw new Error(`deploy/Caddyfile no longer names ${placeholder}, which docs/deploy.md and this test replace.`)
  }
  const site = kit.replaceAll(DOMAIN_PLACEHOLDER, 'localhost').replaceAll(UPSTREAM_PLACEHOLDER, `127.0.0.1:${appPort}`)
  const globals = [
    '{',
    '\tadmin off',
    `\thttp_port ${httpPort}`,
    `\thttps_port ${httpsPort}`,
    '\tdefault_bind 127.0.0.1',
    '\tlocal_certs',
    '\tskip_install_trust',
    '}',
    '',
  ].join('\n')
  return `${globals}${site}`
}

/** Starts Caddy and waits until it answers HTTPS with a certificate from its local root. */
export async function startCaddy({ root, folder, appPort, httpPort, httpsPort, timeoutMs = 60_000 }) {
  const dataHome = path.join(folder, 'data')
  const configHome = path.join(folder, 'config')
  mkdirSync(dataHome, { recursive: true })
  mkdirSync(configHome, { recursive: true })
  const caddyfile = path.join(folder, 'Caddyfile')
  writeFileSync(caddyfile, localCaddyfile(root, { appPort, httpPort, httpsPort }))

  const child = spawn('caddy', ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    cwd: folder,
    env: { PATH: process.env.PATH, HOME: folder, XDG_DATA_HOME: dataHome, XDG_CONFIG_HOME: configHome },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk) => (output = (output + chunk).slice(-OUTPUT_KEPT))
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  let exited = /** @type {{ code: number | null, signal: NodeJS.Signals | null } | null} */ (null)
  /** @type {Promise<void>} */
  const gone = new Promise((resolve) => {
    child.on('error', (error) => {
      keep(`\n${error.message}\n`)
      exited ??= { code: null, signal: null }
      resolve()
    })
    child.on('close', (code, signal) => {
      exited ??= { code, signal }
      resolve()
    })
  })
  const stop = onCleanup(`Caddy (process ${child.pid})`, async () => {
    if (exited) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000)
    await gone
    clearTimeout(timer)
  })

  const rootFile = path.join(dataHome, 'caddy/pki/authorities/local/root.crt')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exited) throw new Error(`Caddy exited (${exited.signal ?? `code ${exited.code}`}):\n${output.slice(-2000)}`)
    if (existsSync(rootFile)) {
      const rootCertificate = readFileSync(rootFile, 'utf8')
      if (await handshakes(httpsPort, rootCertificate)) return { rootCertificate, stop, output: () => output }
    }
    await delay(200)
  }
  throw new Error(`Caddy did not serve HTTPS within ${timeoutMs / 1000} s:\n${output.slice(-2000)}`)
}

/** Whether a TLS handshake for `localhost` succeeds with the certificate checked against the root. */
function handshakes(port, rootCertificate) {
  return new Promise((resolve) => {
    const request = https.get(
      {
        host: '127.0.0.1',
        port,
        path: '/healthz',
        servername: 'localhost',
        ca: rootCertificate,
        agent: false,
        timeout: 2_000,
        headers: { Host: `localhost:${port}` },
      },
      (response) => {
        response.resume()
        resolve(true)
      },
    )
    request.on('timeout', () => request.destroy())
    request.on('error', () => resolve(false))
  })
}
