import { date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'

export const appointments = pgTable(
  'appointments',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** +E.164 */
    phone: text('phone').notNull(),
    email: text('email'),
    /** The preferred date. */
    date: date('date').notNull(),
    message: text('message'),
    locale: text('locale').notNull().default('en'),
    status: text('status').notNull().default('pending'),
    /** Hash of the form token and the submitted values: one row per submission. */
    submissionKey: text('submission_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointments_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('appointments_status_created_at_idx').on(table.status, table.createdAt.desc()),
  ],
)

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** +E.164 */
    phone: text('phone').notNull(),
    address: text('address').notNull(),
    education: text('education').notNull(),
    course: text('course').notNull(),
    locale: text('locale').notNull().default('en'),
    status: text('status').notNull().default('pending'),
    submissionKey: text('submission_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('registrations_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('registrations_status_created_at_idx').on(table.status, table.createdAt.desc()),
  ],
)

/** Fixed-window counters for rate limits; the key holds a hash, never a raw address. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    bucket: text('bucket').notNull(),
    keyHash: text('key_hash').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.bucket, table.keyHash, table.windowStart] }),
    index('rate_limits_window_start_idx').on(table.windowStart),
  ],
)
