import { createInterface } from 'node:readline/promises'
import { Writable } from 'node:stream'
import { connectDatabase, database, disconnectDatabase } from '../platform/db.server'
import { env } from '../platform/env.server'
import { FolderInUseError } from '../platform/folder-lock.server'
import { createStaff, issueSetupToken } from './staff.server'
import { admin as messages } from '~/locales/en/admin'

/**
 * On start, when no staff account exists: a one-time link (valid for an hour) to create the first
 * administrator, printed to the server's console. ADMIN_SETUP_TOKEN sets the token for scripted set-up.
 */
export async function announceSetupLink(): Promise<void> {
  const config = env()
  const given = config.ADMIN_SETUP_TOKEN
  const token = await issueSetupToken(await database(), given)
  if (!token) return
  const link = `${config.PUBLIC_URL}/admin/setup?token=${given ? '<ADMIN_SETUP_TOKEN>' : token}`
  const otherWay = config.DATABASE_URL ? 'or run: npm run admin:create' : 'or stop the server and run: npm run admin:create'
  console.info(`No staff account exists yet. Create the first administrator within one hour at:\n  ${link}\n(${otherWay})`)
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
  try {
    await connectDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL } : { dataDir: config.DATA_DIR })
  } catch (error) {
    if (!(error instanceof FolderInUseError)) throw error
    console.error(
      `The server is running on the embedded database in ${config.DATA_DIR}, and only one process may open it.\n` +
        `While it runs, create the first administrator with the setup link it printed (${config.PUBLIC_URL}/admin/setup?token=…),\n` +
        'or stop the server (Ctrl+C), run npm run admin:create, and start the server again.',
    )
    return 1
  }
  try {
    const created = await createStaff(await database(), { username, displayName: displayName || username, role: 'admin', password })
    if (!created.ok) {
      console.error(messages.problems[created.problem])
      return 1
    }
    console.info(`Administrator "${username.trim().toLowerCase()}" created. Sign in at ${config.PUBLIC_URL}/admin/login`)
    return 0
  } finally {
    await disconnectDatabase()
  }
}
