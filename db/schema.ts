import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
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
    /** When and by whom the status was last changed (staff accounts section below). */
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true }),
    statusUpdatedBy: integer('status_updated_by').references(() => staff.id, { onDelete: 'set null' }),
    /** How the request came: 'online' (the public form), 'phone' or 'walk-in' (entered at the desk). */
    source: text('source').$type<AppointmentSource>().notNull().default('online'),
    /** The confirmed date and time of the visit (set when staff confirm; history in appointment_schedule). */
    confirmedFor: timestamp('confirmed_for', { withTimezone: true }),
    /** The staff member who entered a phone or walk-in booking. */
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('appointments_confirmed_for_idx').on(table.confirmedFor),
    index('appointments_date_idx').on(table.date),
    index('appointments_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('appointments_status_created_at_idx').on(table.status, table.createdAt.desc()),
    // Trigram indexes (pg_trgm) make the desk's substring searches (name ILIKE '%…%', phone LIKE
    // '%…%') use an index instead of reading every row.
    index('appointments_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('appointments_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
  ],
)

export const APPOINTMENT_SOURCES = ['online', 'phone', 'walk-in'] as const
export type AppointmentSource = (typeof APPOINTMENT_SOURCES)[number]

/** Every confirmed date and time an appointment has had, oldest first: rescheduling keeps the history. */
export const appointmentSchedule = pgTable(
  'appointment_schedule',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    confirmedFor: timestamp('confirmed_for', { withTimezone: true }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    changedBy: integer('changed_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [index('appointment_schedule_appointment_idx').on(table.appointmentId, table.id)],
)

/** Staff notes on a request: exactly one of appointmentId and registrationId is set. */
export const requestNotes = pgTable(
  'request_notes',
  {
    id: serial('id').primaryKey(),
    appointmentId: integer('appointment_id').references(() => appointments.id, { onDelete: 'cascade' }),
    registrationId: integer('registration_id').references(() => registrations.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('request_notes_appointment_idx').on(table.appointmentId, table.id),
    index('request_notes_registration_idx').on(table.registrationId, table.id),
    check('request_notes_one_request', sql`num_nonnulls(${table.appointmentId}, ${table.registrationId}) = 1`),
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
    /** The course's stable id (the spec's six, or one staff added). */
    course: text('course').notNull(),
    /**
     * The course's names when the registration was made, so a renamed or retired course still shows
     * as it was chosen. Null only for rows stored without the form (the desk then reads the catalogue).
     */
    courseNames: jsonb('course_names').$type<{ en: string; fa: string; ps: string }>(),
    locale: text('locale').notNull().default('en'),
    status: text('status').notNull().default('pending'),
    submissionKey: text('submission_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    statusUpdatedAt: timestamp('status_updated_at', { withTimezone: true }),
    statusUpdatedBy: integer('status_updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('registrations_created_at_idx').on(table.createdAt.desc(), table.id.desc()),
    index('registrations_status_created_at_idx').on(table.status, table.createdAt.desc()),
    // Trigram indexes (pg_trgm) make the desk's substring searches (name ILIKE '%…%', phone LIKE
    // '%…%') use an index instead of reading every row.
    index('registrations_name_trgm_idx').using('gin', table.name.op('gin_trgm_ops')),
    index('registrations_phone_trgm_idx').using('gin', table.phone.op('gin_trgm_ops')),
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

// ---------------------------------------------------------------------------------------------
// Staff accounts, sessions and login throttling (admin sign-in)
// ---------------------------------------------------------------------------------------------

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
    pendingSecondFactor: boolean('pending_second_factor').notNull().default(false),
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

// ---------------------------------------------------------------------------------------------
// Site editor: published content, theme, layout, settings, integrations, media
// ---------------------------------------------------------------------------------------------

/**
 * What staff publish, one row per document ('content', 'theme', 'layout', 'settings',
 * 'integrations'). A public page reads all of them (and the media slots) in one query.
 */
export const siteDocuments = pgTable('site_documents', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
})

/** Every saved version of every document (and every media change): who changed what, and when. */
export const siteDocumentHistory = pgTable(
  'site_document_history',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer('saved_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [index('site_document_history_key_idx').on(table.key, table.id.desc())],
)

/** Uploaded images; the files (WebP variants) are in media_files under `<name>-<width>.webp`. */
export const mediaAssets = pgTable('media_assets', {
  id: serial('id').primaryKey(),
  /** Server-generated from the image's content (hex); never the uploaded file name. */
  name: text('name').notNull().unique(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  /** The widths of the stored WebP variants, ascending. */
  widths: jsonb('widths').$type<number[]>().notNull(),
  /** Total bytes of the stored variants. */
  bytes: integer('bytes').notNull(),
  /** Alternative text per language: { en, fa, ps }. */
  alt: jsonb('alt').$type<{ en: string; fa: string; ps: string }>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
})

/** Binary data: Buffer from node-postgres, Uint8Array from PGlite; a Uint8Array either way. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' })

/**
 * The bytes of stored files (the media library's WebP variants), so that every server on the
 * database serves them and a database dump carries them (docs/decisions/017-uploads-in-the-database.md).
 */
export const mediaFiles = pgTable('media_files', {
  /** A server-made name, `<content hash>-<width>.webp`. */
  name: text('name').primaryKey(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Which image fills each place on the site; an image in a slot cannot be deleted. */
export const mediaSlots = pgTable('media_slots', {
  /** 'clinicLogo', 'academyLogo', 'clinicHero', 'academyHero' */
  slot: text('slot').primaryKey(),
  assetId: integer('asset_id')
    .notNull()
    .references(() => mediaAssets.id, { onDelete: 'restrict' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
})

// ---------------------------------------------------------------------------------------------
// Staff desk: audit log and e-mail notifications
// ---------------------------------------------------------------------------------------------

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
 * A staff member's authenticator app (TOTP, RFC 6238). The secret is encrypted with
 * STAFF_SECRET_KEY when it is set (app/lib/staff/two-factor/secret-box.server.ts, decision 021).
 * Unconfirmed until the member has typed a first code; `last_used_step` is the time step of the
 * last code accepted, so no code is accepted twice.
 */
export const staffTwoFactor = pgTable('staff_two_factor', {
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

// ---------------------------------------------------------------------------------------------
// Posts: the academy's News & Events and the clinic's articles (docs/decisions/036-posts.md)
// ---------------------------------------------------------------------------------------------

export const POST_STREAMS = ['news', 'articles'] as const
export type PostStream = (typeof POST_STREAMS)[number]
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const
export type PostStatus = (typeof POST_STATUSES)[number]

/** A post's texts in one language; a language whose title is empty is not written. */
export interface PostText {
  title: string
  summary: string
  /** Markdown (no raw HTML): rendered and sanitised on the server. */
  body: string
}
/** A cover image from the media library, stored with its sizes so pages need no join. */
export interface PostCover {
  name: string
  width: number
  height: number
  widths: number[]
}

/**
 * One post. Public pages show it while its status is published or scheduled and `publish_at` has
 * passed; `languages` lists the languages it is written in, for the lists' order.
 */
export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    stream: text('stream').$type<PostStream>().notNull(),
    /** The readable part of the address (`/clinic/blog/12-brushing-twice-a-day`); the id decides. */
    slug: text('slug').notNull().default(''),
    status: text('status').$type<PostStatus>().notNull().default('draft'),
    /** When it appears (published: when it did; scheduled: when it will). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    texts: jsonb('texts').$type<{ en: PostText; fa: PostText; ps: PostText }>().notNull(),
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    cover: jsonb('cover').$type<PostCover>(),
    coverAlt: jsonb('cover_alt').$type<{ en: string; fa: string; ps: string }>().notNull().default({ en: '', fa: '', ps: '' }),
    authorId: integer('author_id').references(() => staff.id, { onDelete: 'set null' }),
    /** The author's name when the post was written, so it still shows after the account is gone. */
    authorName: text('author_name').notNull().default(''),
    /** Events (news only): start and optional end, place per language, optional course id. */
    eventStart: timestamp('event_start', { withTimezone: true }),
    eventEnd: timestamp('event_end', { withTimezone: true }),
    place: jsonb('place').$type<{ en: string; fa: string; ps: string }>(),
    courseId: text('course_id'),
    /** Bumped by every save: a save over a newer version is refused. */
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('posts_stream_publish_at_idx').on(table.stream, table.publishAt.desc(), table.id.desc()),
    index('posts_event_start_idx').on(table.eventStart),
    check('posts_stream_check', sql`${table.stream} in ('news', 'articles')`),
    check('posts_status_check', sql`${table.status} in ('draft', 'scheduled', 'published', 'archived')`),
  ],
)

/** Every saved version of a post (the whole row's content): who saved it and when; restorable. */
export const postHistory = pgTable(
  'post_history',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull().defaultNow(),
    savedBy: integer('saved_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (table) => [index('post_history_post_idx').on(table.postId, table.id.desc())],
)
