import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { connectDatabase, database, disconnectDatabase } from '../platform/db.server'
import { env } from '../platform/env.server'
import { FolderInUseError } from '../platform/folder-lock.server'
import { createStaff } from './staff.server'
import { issueSetupToken } from './first-admin.server'
import { admin as messages } from '~/locales/en/admin'

/**
 * On start, when no staff account exists: a one-time link (valid for an hour) to create the first
 * administrator, printed to the server's console. ADMIN_SETUP_TOKEN sets the token for scripted
 * set-up. A link printed earlier and still valid (by this server before a process was replaced, or
 * by another server on the same database) is kept: this process says until when it works.
 */
export async function announceSetupLink(now = new Date()): Promise<void> {
  const config = env()
  const given = config.ADMIN_SETUP_TOKEN
  const link = await issueSetupToken(await database(), given, now)
  if (!link) return
  // On the embedded database only one process may open it: npm run admin:create needs this one stopped.
  const otherWay = config.DATABASE_URL
    ? 'or run npm run admin:create on this machine'
    : 'or stop this server (Ctrl+C), run npm run admin:create, then start it again'
  const until = link.expiresAt.toISOString()
  if (link.kind === 'kept') {
    console.info(
      `No staff account exists yet. The setup link printed earlier in this server's log stays valid until ${until}\n(${otherWay})`,
    )
    return
  }
  const address = `${config.PUBLIC_URL}/admin/setup?token=${given ? '<ADMIN_SETUP_TOKEN>' : link.token}`
  console.info(`No staff account exists yet. Create the first administrator by ${until} at:\n  ${address}\n(${otherWay})`)
}

/** Reads a line without echoing it (for passwords). */
async function askHidden(question: string): Promise<string> {
  let muted = false
  const output = new Writable({
    write(chunk, _encoding, callback) {
      if (!muted) process.stdout.write(chunk)
      callback()
    },
  })
  const rl = createInterface({ input: process.stdin, output, terminal: true })
  try {
    const answer = rl.question(question)
    muted = true
    return await answer
  } finally {
    muted = false
    rl.close()
    process.stdout.write('\n')
  }
}

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout })
  try {
    return await rl.question(question)
  } finally {
    rl.close()
  }
}

/**
 * `npm run admin:create`: creates an administrator account. The username, name and password come
 * from ADMIN_USERNAME, ADMIN_DISPLAY_NAME and ADMIN_PASSWORD when set (scripted set-up), otherwise
 * they are asked for. Returns the process exit code.
 */
export async function runAdminCreate(source: Record<string, string | undefined> = process.env): Promise<number> {
  const config = env()
  const interactive = Boolean(process.stdin.isTTY)
  // The database first: nobody types a password only to learn that the server holds the database.
  try {
    await connectDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error
    console.error(databaseInUseText(config.DATA_DIR, error.ownerPid))
    return 1
  }
  try {
    return await createAdministrator(source, interactive, config.PUBLIC_URL)
  } finally {
    await disconnectDatabase()
  }
}

/** What to do while a running server holds the embedded database (its start message says the same). */
function databaseInUseText(dataDir: string, ownerPid: number | null): string {
  const server = ownerPid ? `The server (process ${ownerPid})` : 'A running server'
  return (
    `${server} is using the embedded database in ${dataDir}; only one process may open it.\n` +
    '  - No staff account yet? Open the one-time setup link the server printed when it started (/admin/setup?token=...).\n' +
    '  - Otherwise an administrator adds accounts on the Staff screen (/admin/staff).\n' +
    '  - Or stop the server (Ctrl+C), run npm run admin:create again, then start the server.'
  )
}

async function createAdministrator(source: Record<string, string | undefined>, interactive: boolean, publicUrl: string): Promise<number> {
  const username = source.ADMIN_USERNAME ?? (interactive ? await ask('Username: ') : '')
  const displayName = source.ADMIN_DISPLAY_NAME ?? (interactive ? await ask('Your name: ') : username)
  let password = source.ADMIN_PASSWORD ?? ''
  if (!source.ADMIN_PASSWORD) {
    if (!interactive) {
      console.error('Set ADMIN_USERNAME and ADMIN_PASSWORD, or run this in a terminal to be asked.')
      return 1
    }
    password = await askHidden('Password (at least 12 characters): ')
    if ((await askHidden('Repeat the password: ')) !== password) {
      console.error(messages.setup.mismatch)
      return 1
    }
  }
  const created = await createStaff(await database(), { username, displayName: displayName || username, role: 'admin', password })
  if (!created.ok) {
    console.error(messages.problems[created.problem])
    return 1
  }
  console.info(`Administrator "${username.trim().toLowerCase()}" created. Sign in at ${publicUrl}/admin/login`)
  return 0
}
