/** Staff accounts, sessions, the sign-in throttle, password resets, policies, the first administrator's link, and the two-step sign-in's secrets and recovery codes. */
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

export const STAFF_ROLES = ['admin', 'reception', 'academy', 'editor'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case; compared case-insensitively. */
    username: text('username').notNull(),
    /** scrypt hash in PHC-like form: scrypt$ln=17,r=8,p=1$salt$hash */
    passwordHash: text('password_hash').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** The admin's language for this account ('en', 'fa', 'ps'); null until they choose one. */
    locale: text('locale'),
    /** Where a password-reset link goes; stored lower-case, optional, one account per address. */
    email: text('email'),
  },
  (table) => [uniqueIndex('staff_username_idx').on(table.username), uniqueIndex('staff_email_idx').on(table.email)],
)

/** Signed-in sessions; the cookie holds the token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Moves on with use; the idle timeout counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The absolute end of the session, fixed at sign-in. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** True between a right password and the second factor's code: no page but the code's opens. */
    pendingTwoStep: boolean('pending_second_factor').notNull().default(false),
    /** The browser's User-Agent at sign-in (cut to 300 characters), shown as "Chrome on Android". */
    userAgent: text('user_agent'),
  },
  (table) => [index('sessions_staff_id_idx').on(table.staffId), index('sessions_expires_at_idx').on(table.expiresAt)],
)

/**
 * Failed sign-in counters per address, per (account, address) and per account; keys are hashes,
 * never raw values. The delay a counter imposes follows from its count and its latest failure.
 */
export const loginFailures = pgTable(
  'login_failures',
  {
    /** 'address', 'account-address' or 'account' */
    scope: text('scope').notNull(),
    keyHash: text('key_hash').notNull(),
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.scope, table.keyHash] })],
)

/**
 * Password-reset links sent by e-mail: the link holds the token, the table only its SHA-256. Valid
 * for 30 minutes and once; a reset deletes every link of the account.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('password_resets_staff_id_idx').on(table.staffId), index('password_resets_expires_at_idx').on(table.expiresAt)],
)

/** Rules that hold for every staff account, set by an administrator ('require-two-factor'). */
export const staffPolicies = pgTable('staff_policies', {
  name: text('name').primaryKey(),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
})

/** One-time links for creating the first administrator; the link holds the token, the table its SHA-256. */
export const setupTokens = pgTable('setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A staff member's authenticator app (TOTP, RFC 6238). The secret is encrypted with
 * STAFF_SECRET_KEY when it is set (app/lib/staff/two-step/secret-box.server.ts, decision 021).
 * Unconfirmed until the member has typed a first code; `last_used_step` is the time step of the
 * last code accepted, so no code is accepted twice.
 */
export const staffTwoStep = pgTable('staff_two_factor', {
  staffId: integer('staff_id')
    .primaryKey()
    .references(() => staff.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  lastUsedStep: integer('last_used_step').notNull().default(0),
})

/** Single-use recovery codes of the second factor, stored as SHA-256 hashes; `used_at` once used. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('staff_recovery_codes_staff_code_idx').on(table.staffId, table.codeHash)],
)
