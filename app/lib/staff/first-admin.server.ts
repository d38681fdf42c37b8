/**
 * The first administrator's one-time setup link: a token stored hashed in the database, valid for
 * an hour. Every server process reads the same row, so a link stays valid for its hour whichever
 * process serves it; a process that starts while a link is still valid (a replaced worker, a second
 * machine, a restart within the hour) keeps it instead of printing a new one (docs/decisions/038).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, lte } from 'drizzle-orm'
import { setupTokens } from '~db/schema'
import type { Database } from '../platform/db.server'
import { hashToken } from './sessions.server'
import { checkNewStaff, countStaff, createStaff, type Clock, type NewStaff, type StaffInputProblem } from './staff.server'

const SETUP_TOKEN_TTL_MS = 60 * 60 * 1000

/** What a starting process has to say about the setup link. */
export type SetupLink =
  /** A new link (or the scripted ADMIN_SETUP_TOKEN's): print it. */
  | { kind: 'new'; token: string; expiresAt: Date }
  /** A link printed earlier is still valid; this process does not know it (only its hash is stored). */
  | { kind: 'kept'; expiresAt: Date }

/**
 * When no account exists: the setup link for this process to announce. A valid link already stored
 * is kept (never replaced, so it does not stop working); otherwise a new one is made. A token from
 * the environment (ADMIN_SETUP_TOKEN, for scripted set-up) is used as given. Null when accounts
 * exist (every stored link is then removed).
 */
export async function issueSetupToken(db: Database, given?: string, now = new Date()): Promise<SetupLink | null> {
  if ((await countStaff(db)) > 0) {
    await db.delete(setupTokens)
    return null
  }
  await db.delete(setupTokens).where(lte(setupTokens.expiresAt, now))
  const valid = await db.select().from(setupTokens).where(gt(setupTokens.expiresAt, now))
  if (given) {
    const stored = valid.find((row) => row.tokenHash === hashToken(given))
    if (stored) return { kind: 'new', token: given, expiresAt: stored.expiresAt }
  } else if (valid.length > 0) {
    return { kind: 'kept', expiresAt: new Date(Math.max(...valid.map((row) => row.expiresAt.getTime()))) }
  }
  const token = given ?? randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + SETUP_TOKEN_TTL_MS)
  // Two processes starting at once may each store one: both links then work.
  await db
    .insert(setupTokens)
    .values({ tokenHash: hashToken(token), createdAt: now, expiresAt })
    .onConflictDoNothing()
  return { kind: 'new', token, expiresAt }
}

/** True while the token is a stored, unexpired setup token and no account exists yet. */
export async function isValidSetupToken(db: Database, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false
  const rows = await db.select().from(setupTokens).where(gt(setupTokens.expiresAt, now))
  const wanted = Buffer.from(hashToken(token), 'hex')
  const match = rows.some((row) => timingSafeEqual(Buffer.from(row.tokenHash, 'hex'), wanted))
  return match && (await countStaff(db)) === 0
}

/** Creates the first administrator with a valid setup token, then retires every setup token. */
export async function createFirstAdmin(
  db: Database,
  token: string,
  input: Omit<NewStaff, 'role'>,
  clock: Clock = {},
): Promise<{ ok: true; id: number } | { ok: false; problem: StaffInputProblem | 'tokenInvalid' }> {
  const problem = checkNewStaff({ ...input, role: 'admin' })
  if (problem) return { ok: false, problem }
  const now = clock.now ?? new Date()
  if (!(await isValidSetupToken(db, token, now))) return { ok: false, problem: 'tokenInvalid' }
  // Consumed before use, so two requests with the same link cannot both create an account.
  const consumed = await db
    .delete(setupTokens)
    .where(and(eq(setupTokens.tokenHash, hashToken(token)), gt(setupTokens.expiresAt, now)))
    .returning({ tokenHash: setupTokens.tokenHash })
  if (consumed.length === 0) return { ok: false, problem: 'tokenInvalid' }
  const created = await createStaff(db, { ...input, role: 'admin' }, clock)
  // Any other link (two processes that started at once) has nothing left to set up.
  if (created.ok) await db.delete(setupTokens)
  return created
}
