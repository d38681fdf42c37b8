/** What the desk and the server keep about their own work: the audit log, the e-mail outbox and its recipients, backups and the site's visit counts. */
import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { staff } from './staff'

/**
 * What staff did, for administrators: sign-ins, status changes, deletions, exports, settings and
 * theme changes. `actor` keeps the username so an entry still says who after the account is gone.
 * `details` never holds patient data beyond a request's number.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    actor: text('actor').notNull(),
    /** e.g. 'sign-in', 'status-change', 'delete', 'export', 'settings', 'theme' */
    action: text('action').notNull(),
    /** e.g. 'appointment:42', 'registration:7', 'staff:3', 'document:theme' */
    target: text('target'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (table) => [index('audit_log_at_idx').on(table.at.desc(), table.id.desc())],
)

/**
 * E-mails to staff about new requests, written in the same transaction as the request and sent
 * afterwards; a failed send is retried at next_attempt_at. The message is rendered when sent, from
 * the request row, so no patient data is copied here.
 */
export const notificationOutbox = pgTable(
  'notification_outbox',
  {
    id: serial('id').primaryKey(),
    /** 'appointment' or 'registration' */
    kind: text('kind').notNull(),
    requestId: integer('request_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('notification_outbox_due_idx')
      .on(table.nextAttemptAt)
      .where(sql`${table.sentAt} is null`),
  ],
)

/**
 * Backups made by the server's schedule and by `npm run backup` (app/lib/backups). A scheduled run
 * claims its interval by inserting the interval's `slot`: the unique index lets one process of one
 * machine win it, so several servers on one database make one backup per interval. `error` is a
 * short reason, never data.
 */
export const backupRuns = pgTable(
  'backup_runs',
  {
    id: serial('id').primaryKey(),
    /** 'scheduled' or 'manual'; 'restore' records a restore (its archive, its time) */
    trigger: text('trigger').notNull(),
    /** The interval a scheduled run belongs to (its length and number); null for a manual run. */
    slot: text('slot'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** 'running', 'succeeded' or 'failed' */
    outcome: text('outcome').notNull().default('running'),
    /** The archive's file name (in its machine's BACKUP_DIR). */
    archive: text('archive'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    error: text('error'),
  },
  (table) => [uniqueIndex('backup_runs_slot_idx').on(table.slot), index('backup_runs_finished_idx').on(table.finishedAt.desc())],
)

/**
 * Who receives the staff e-mails about new requests, in which language and for which kinds
 * (app/lib/mail/alert-recipients.server.ts). A row with `staff_id` is a staff member's own choice,
 * made on their account page (or by an administrator in the staff list); a row without one is an
 * address of ALERT_EMAILS, copied here once at the first start (`alert_defaults`). The address is
 * the alert's own, not the account's: it may be a shared desk mailbox.
 */
export const alertRecipients = pgTable(
  'alert_recipients',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    appointments: boolean('appointments').notNull().default(false),
    registrations: boolean('registrations').notNull().default(false),
    /** 'en', 'fa' or 'ps' */
    locale: text('locale').notNull().default('en'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('alert_recipients_staff_idx').on(table.staffId)],
)

/** One row once ALERT_EMAILS and ALERT_EMAIL_LANGUAGE were copied into alert_recipients: they are read at the first start only. */
export const alertDefaults = pgTable(
  'alert_defaults',
  {
    id: integer('id').primaryKey().default(1),
    appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
    /** How many addresses were copied. */
    addresses: integer('addresses').notNull(),
  },
  (table) => [check('alert_defaults_one_row', sql`${table.id} = 1`)],
)

/**
 * Site analytics (app/lib/analytics): visits to the public pages, counted on the server and added
 * up per Kabul day. Only counts: no address, user agent or visitor hash is ever stored. `metric` is
 * 'view' (key: the page, unprefixed; locale: its language), 'visitor' (the day's unique visitors),
 * 'referrer' (key: the external site's domain), 'device' (key: phone, tablet or desktop) or
 * 'not_found' (key: the path of a 404). Every server process adds to a row with
 * `count = count + excluded.count`, so several processes and machines add up; rows older than two
 * years are removed by the maintenance sweep.
 */
export const siteVisitCounts = pgTable(
  'site_visit_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    metric: text('metric').notNull(),
    key: text('key').notNull().default(''),
    locale: text('locale').notNull().default(''),
    count: bigint('count', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.metric, table.key, table.locale] })],
)
