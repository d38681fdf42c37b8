/** Appointment and registration requests as patients and students send them, their notes and schedule, and the rate limits of the public forms. */
import { sql } from 'drizzle-orm'
import { check, date, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core'
import { staff } from './staff'

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
