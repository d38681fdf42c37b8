// Generated submissions to the two public forms, sent to their route actions as real requests
// against a real migrated database, in every script, with control characters, markup, formulas,
// huge values, missing and repeated fields, both form encodings and bodies that are not forms.
// For each: never a server error; a row exactly when the forms' own schema accepts the submission
// (one row per distinct submission); the answer, the admin list, the detail screen and the CSV
// export show what was stored without letting any of it act as markup or as a formula.
//
// The seed is printed; FUZZ_SEED=<seed> repeats a run, FUZZ_RUNS=<n> sends more.
process.env.FORM_RATE_LIMIT = '100000000'

import { count } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appointments, registrations } from '../../db/schema/index'
import {
  announceSeed,
  buildBody,
  encoding,
  fuzzParameters,
  expand,
  fuzzText,
  hugeText,
  parsedByPlatform,
  PUBLIC_FORM_RUNS,
  sameOriginPost,
  type Encoding,
  type Entries,
} from './support/fuzz'
import { answerOf, loadContext, type Handler } from './support/actions'
import { afterMiddleware } from '../support/middleware'
import { expectEscaped, expectShown, renderScreen } from './support/render'
import { parseCsv } from './support/csv'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { createAppointmentRequestSchema } from '~/lib/forms/appointment'
import { MAX_FORM_BYTES } from '~/lib/platform/read-form.server'
import { createCourseRegistrationSchema } from '~/lib/forms/registration'
import { isoDateToSolarParts } from '~/lib/i18n/solar-date'
import { toEasternDigits } from '~/lib/i18n/digits'
import { APPOINTMENT_FIELDS, HONEYPOT_FIELD, REGISTRATION_FIELDS, TOKEN_FIELD, formValues, kabulToday } from '~/lib/forms/shared'
import { toE164 } from '~/lib/contact/phone.server'
import { admin as englishAdmin } from '~/locales/en/admin'
import { createSession } from '~/lib/staff/sessions.server'
import { COURSE_IDS } from '~/lib/site/site-data'
import { createStaff } from '~/lib/staff/staff.server'
import { loader as rootLoader } from '~/root'
import * as layout from '~/routes/admin/admin-layout'
import * as patientDetail from '~/routes/admin/patient-detail'
import * as patients from '~/routes/admin/patients'
import * as patientsExport from '~/routes/admin/patients-export'
import * as studentDetail from '~/routes/admin/student-detail'
import * as students from '~/routes/admin/students'
import * as studentsExport from '~/routes/admin/students-export'
import * as register from '~/routes/academy/register'
import * as appointment from '~/routes/clinic/appointment'
import { LONG_RUN_TIMEOUT } from '../support/long-runs'

const ORIGIN = 'http://localhost:3000'
let adminCookie = ''

beforeAll(async () => {
  announceSeed('public forms')
  await connectDatabase({ memory: true })
  const created = await createStaff(
    await database(),
    { username: 'fuzz-admin', displayName: 'Fuzz Admin', role: 'admin', password: 'tangerine orbit 61 willow' },
    { params: { ln: 10, r: 8, p: 1 } },
  )
  if (!created.ok) throw new Error(created.problem)
  adminCookie = `staff_session=${await createSession(await database(), created.id)}`
})

afterAll(async () => {
  await disconnectDatabase()
})

/** A day `days` from today in Kabul, as the date input sends it. */
function kabulDay(days: number): string {
  return kabulToday(new Date(Date.now() + days * 86_400_000))
}

const realName = fc.constantFrom(
  'Ahmad Karimi',
  'مریم رحیمی',
  'احمد شاه مسعود',
  'ګل بشرى',
  '王小明',
  'Zoë Ångström',
  'José 👩‍⚕️',
  'Nasrin\u200f Haidari',
)
const phone = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 0, max: 9_999_999 }).map((n) => `07${n % 10}${String(n).padStart(7, '0')}`) },
  {
    weight: 3,
    arbitrary: fc.constantFrom('070 123 4567', '+93 79 123 4567', '۰۷۰۱۲۳۴۵۶۷', '0093 70 123 4567', '+1 202 555 0143', '(070) 123-4567'),
  },
  { weight: 3, arbitrary: fuzzText(40) },
)
const email = fc.oneof(
  { weight: 4, arbitrary: fc.emailAddress() },
  { weight: 2, arbitrary: fc.constant('') },
  { weight: 2, arbitrary: fuzzText(80) },
)
const date = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: -5, max: 400 }).map(kabulDay) },
  { weight: 1, arbitrary: fc.constantFrom('2025-02-30', '9999-12-31', '12/05/2030', '') },
  { weight: 1, arbitrary: fuzzText(20) },
)
const text = (max: number) => fc.oneof({ weight: 3, arbitrary: realName }, { weight: 5, arbitrary: fuzzText(max) })

interface FieldCase {
  /** undefined: the field is not sent. */
  value: string | undefined
  /** A second value for the same name, sent after the first. */
  again: string | undefined
}
/** Usually sent once; sometimes missing; sometimes sent twice. */
const field = (value: fc.Arbitrary<string>): fc.Arbitrary<FieldCase> =>
  fc.record({
    value: fc.option(value, { nil: undefined, freq: 30 }),
    again: fc.oneof({ weight: 20, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: value }),
  })

/** A field sent once. */
const once = (value: string): FieldCase => ({ value, again: undefined })
/**
 * The Solar Hijri day, month and year of the Dari and Pashto forms, which the schema reads instead
 * of `date`: none (the English form), a day around the bookable range in either digits, or odd parts.
 */
const solarDateFields = fc.oneof(
  { weight: 2, arbitrary: fc.constant({}) },
  {
    weight: 2,
    arbitrary: fc.record({ days: fc.integer({ min: -5, max: 400 }), eastern: fc.boolean() }).map(({ days, eastern }) => {
      const parts = isoDateToSolarParts(kabulDay(days))
      const digits = (value: string) => (eastern ? toEasternDigits(value) : value)
      return { dateDay: once(digits(parts.day)), dateMonth: once(parts.month), dateYear: once(digits(parts.year)) }
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      dateDay: field(fc.oneof(fc.constantFrom('', '31', '0', '۳۱', '٣١', ' ۱ '), fuzzText(6))),
      dateMonth: field(fc.oneof(fc.constantFrom('', '7', '12', '13', '۹'), fuzzText(4))),
      dateYear: field(fc.oneof(fc.constantFrom('', '1405', '۱۴۰۶', '1399'), fuzzText(6))),
    }),
  },
)

const TOKENS = ['0123456789abcdef0123456789abcdef', 'fedcba9876543210fedcba9876543210']
const token = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^[0-9a-f]{32}$/) },
  { weight: 3, arbitrary: fc.constantFrom(...TOKENS) },
  { weight: 1, arbitrary: fc.constantFrom('', 'ABCDEF0123456789ABCDEF0123456789', '0123', '0123456789abcdef0123456789abcdeg') },
  { weight: 1, arbitrary: fuzzText(40) },
)

const submission = (fields: Record<string, fc.Arbitrary<string>>) =>
  fc.record({
    fields: fc.record(Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, field(value)]))),
    token: fc.option(token, { nil: undefined, freq: 20 }),
    honeypot: fc.oneof(
      { weight: 15, arbitrary: fc.constant('') },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fuzzText(20) },
    ),
    // One field's value replaced by a huge one.
    huge: fc.oneof(
      { weight: 25, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...Object.keys(fields)), hugeText) },
    ),
    extra: fc.array(fc.tuple(fuzzText(12), fuzzText(30)), { maxLength: 2 }),
    encoding,
    lang: fc.constantFrom(undefined, 'fa', 'ps'),
    // Sends an earlier submission again, unchanged (a double click, a resubmitted page).
    replay: fc.oneof({ weight: 8, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: fc.nat() }),
  })

type Generated = {
  fields: Record<string, FieldCase>
  token: string | undefined
  honeypot: string | undefined
  extra: Array<[string, string]>
  huge: [string, [string, number]] | undefined
  encoding: Encoding
  lang: string | undefined
}

function entriesOf(sent: Generated): Entries {
  const entries: Entries = []
  if (sent.token !== undefined) entries.push([TOKEN_FIELD, sent.token])
  if (sent.honeypot !== undefined) entries.push([HONEYPOT_FIELD, sent.honeypot])
  for (const [name, { value }] of Object.entries(sent.fields)) {
    if (sent.huge?.[0] === name) entries.push([name, expand(sent.huge[1])])
    else if (value !== undefined) entries.push([name, value])
  }
  for (const [name, { again }] of Object.entries(sent.fields)) if (again !== undefined) entries.push([name, again])
  return [...entries, ...sent.extra]
}

const FORMS = [
  {
    kind: 'appointment' as const,
    table: appointments,
    fields: APPOINTMENT_FIELDS,
    schema: createAppointmentRequestSchema({ phone: toE164 }),
    generated: fc
      .tuple(submission({ name: text(120), phone, email, date, message: fc.oneof(fc.constant(''), fuzzText(1200)) }), solarDateFields)
      .map(([sent, solar]) => ({ ...sent, fields: { ...sent.fields, ...solar } })),
    route: appointment,
    routeId: 'routes/clinic/appointment',
    path: 'clinic/appointment',
    list: {
      loader: afterMiddleware(layout.middleware, patients.loader),
      Screen: patients.default,
      detail: patientDetail,
      exporter: afterMiddleware(patientsExport.middleware, patientsExport.loader),
      path: '/admin/patients',
    },
    shownFields: ['name', 'phone', 'email', 'message'] as const,
  },
  {
    kind: 'registration' as const,
    table: registrations,
    fields: REGISTRATION_FIELDS,
    // The courses a fresh database offers: the spec's six.
    schema: createCourseRegistrationSchema({ phone: toE164, courses: COURSE_IDS }),
    generated: submission({
      name: text(120),
      phone,
      email,
      address: text(320),
      education: text(220),
      course: fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...COURSE_IDS) },
        { weight: 1, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fuzzText(30) },
      ),
    }),
    route: register,
    routeId: 'routes/academy/register',
    path: 'academy/register',
    list: {
      loader: afterMiddleware(layout.middleware, students.loader),
      Screen: students.default,
      detail: studentDetail,
      exporter: afterMiddleware(studentsExport.middleware, studentsExport.loader),
      path: '/admin/students',
    },
    shownFields: ['name', 'phone', 'email', 'address', 'education'] as const,
  },
]

describe.each(FORMS)('the $kind form, fuzzed', (form) => {
  const time = { action: 0, render: 0, oracle: 0 }
  const counts = {
    sent: 0,
    stored: 0,
    repeated: 0,
    refused: 0,
    byStatus: {} as Record<number, number>,
    byEncoding: {} as Record<string, number>,
  }
  /** Distinct accepted submissions: the token and the values the schema made of them. */
  const accepted = new Set<string>()
  /** Rendered pages, for the root data of each language. */
  const rootData = new Map<string, unknown>()

  async function rowCount(): Promise<number> {
    const [row] = await (await database()).select({ n: count() }).from(form.table)
    return Number(row?.n ?? 0)
  }

  async function rootDataFor(lang: string | undefined): Promise<unknown> {
    const key = lang ?? 'en'
    if (!rootData.has(key)) {
      const url = `${ORIGIN}${lang ? `/${lang}` : ''}/${form.path}`
      rootData.set(
        key,
        await rootLoader({ params: { lang }, request: new Request(url), url: new URL(url), context: loadContext() } as never),
      )
    }
    return rootData.get(key)
  }

  /** What the forms' own schema makes of the submission, read as the platform's parser reads it. */
  async function verdict(built: Awaited<ReturnType<typeof buildBody>>) {
    if (!built.isForm || built.body.byteLength > MAX_FORM_BYTES) return null
    const parsed = await parsedByPlatform(built)
    if (!parsed) return null
    const sentToken = parsed.get(TOKEN_FIELD)
    if (typeof sentToken !== 'string' || !/^[0-9a-f]{32}$/.test(sentToken)) return null
    const honeypot = parsed.get(HONEYPOT_FIELD)
    if (honeypot !== null && honeypot !== '') return null
    const result = form.schema.safeParse(formValues(parsed, form.fields))
    return result.success ? JSON.stringify([sentToken, result.data]) : null
  }

  it(
    `answers ${PUBLIC_FORM_RUNS} generated submissions without a server error, storing exactly the valid ones`,
    { timeout: LONG_RUN_TIMEOUT },
    async () => {
      const history: Generated[] = []
      await fc.assert(
        fc.asyncProperty(form.generated, async (generated) => {
          const sent: Generated =
            generated.replay !== undefined && history.length > 0 ? history[generated.replay % history.length]! : (generated as Generated)
          history.push(sent)
          let started = performance.now()
          const built = await buildBody(entriesOf(sent), sent.encoding)
          const key = await verdict(built)
          time.oracle += performance.now() - started
          started = performance.now()
          const url = `${ORIGIN}${sent.lang ? `/${sent.lang}` : ''}/${form.path}`
          const answer = await answerOf(form.route.action as Handler, {
            request: sameOriginPost(url, built),
            params: { lang: sent.lang },
            context: loadContext(),
          })

          time.action += performance.now() - started
          counts.sent++
          counts.byStatus[answer.status] = (counts.byStatus[answer.status] ?? 0) + 1
          counts.byEncoding[sent.encoding] = (counts.byEncoding[sent.encoding] ?? 0) + 1
          expect(answer.status, `a server error (${String(answer.thrown && answer.data)})`).toBeLessThan(500)
          if (key) {
            expect(answer.status, `a valid submission was refused: ${JSON.stringify(answer.data)?.slice(0, 300)}`).toBe(200)
            expect((answer.data as { status: string }).status).toBe('success')
            if (accepted.has(key)) counts.repeated++
            else counts.stored++
            accepted.add(key)
          } else {
            expect(
              answer.status,
              `an invalid submission was accepted: ${JSON.stringify(answer.data)?.slice(0, 300)}`,
            ).toBeGreaterThanOrEqual(400)
            counts.refused++
          }
          expect(await rowCount(), 'one row per distinct valid submission, none for the others').toBe(accepted.size)

          // The page the visitor gets back (success panel, or the form with the values and notices).
          started = performance.now()
          // Every success panel, and every fourth form sent back with its values (rendering is the
          // slowest step; the values are generated the same way for all).
          const shown = answer.data && typeof answer.data === 'object' && 'status' in answer.data
          if (shown && ((answer.data as { status: string }).status === 'success' || counts.sent % 4 === 0)) {
            const html = renderScreen(
              `/${form.path}`,
              { id: 'root', path: '/', loaderData: await rootDataFor(sent.lang), Component: undefined },
              { id: form.routeId, path: form.path, Component: form.route.default, actionData: answer.data },
            )
            // The answer travels in the page as a JSON data block for the browser's form: it holds
            // exactly the answer, and nothing in it can end the block. The rest is checked as HTML.
            const block = new RegExp(`<script type="application/json" id="${form.kind}-answer">([^<]*)</script>`).exec(html)
            expect(block, `${form.kind} answer page: the answer's data block`).not.toBeNull()
            expect(JSON.parse(block![1]!)).toEqual(answer.data)
            expectEscaped(
              html.replace(block![0], ''),
              entriesOf(sent).map(([, value]) => value),
              `${form.kind} answer page`,
            )
            if ((answer.data as { status: string }).status === 'success')
              expect(html).toMatch(/<a href="https:\/\/wa\.me\/\d*\?text=[^"]*"/)
          }
          time.render += performance.now() - started
        }),
        fuzzParameters(PUBLIC_FORM_RUNS),
      )
      console.info(
        `[fuzz] ${form.kind}: ${JSON.stringify(counts)} ms: ${JSON.stringify(time, (_, v) => (typeof v === 'number' ? Math.round(v) : v))}`,
      )
      expect(counts.sent).toBeGreaterThanOrEqual(PUBLIC_FORM_RUNS)
      expect(await rowCount(), 'one row per distinct valid submission').toBe(accepted.size)
      // The generators reach both outcomes in earnest.
      expect(counts.stored).toBeGreaterThan(PUBLIC_FORM_RUNS / 20)
      expect(counts.refused).toBeGreaterThan(PUBLIC_FORM_RUNS / 10)
    },
  )

  it('shows every stored value escaped in the admin list and detail screens', { timeout: LONG_RUN_TIMEOUT }, async () => {
    const rows = (await (await database()).select().from(form.table)) as Array<Record<string, unknown> & { id: number; name: string }>
    expect(rows.length).toBe(accepted.size)
    const adminRequest = (path: string) => new Request(`${ORIGIN}${path}`, { headers: { Cookie: adminCookie, Accept: 'text/html' } })
    const shell = await afterMiddleware(
      layout.middleware,
      layout.loader,
    )({ request: adminRequest('/admin/dashboard'), context: loadContext() } as never)
    const parent = { id: 'routes/admin/admin-layout', path: '/admin', Component: layout.default, loaderData: shell }

    // The list, page after page.
    let listed = 0
    let cursor: string | null = null
    do {
      const path = `${form.list.path}${cursor ? `?after=${encodeURIComponent(cursor)}` : ''}`
      // The list loaders answer with data(list, { status, headers }).
      const { data } = (await form.list.loader({ request: adminRequest(path), context: loadContext() } as never)) as unknown as {
        data: { page: { rows: Array<{ name: string }>; nextCursor: string | null } }
      }
      const html = renderScreen(path, parent, {
        id: 'list',
        path: form.list.path.slice('/admin/'.length),
        Component: form.list.Screen,
        loaderData: data,
      })
      for (const row of data.page.rows) expectShown(html, row.name, `${form.kind} list`)
      expectEscaped(
        html,
        data.page.rows.map((row) => row.name),
        `${form.kind} list`,
      )
      listed += data.page.rows.length
      cursor = data.page.nextCursor
    } while (cursor)
    expect(listed).toBe(rows.length)

    for (const row of rows) {
      const path = `${form.list.path}/${row.id}`
      const data = await afterMiddleware(
        layout.middleware,
        form.list.detail.loader,
      )({ request: adminRequest(path), params: { id: String(row.id) }, context: loadContext() } as never)
      const html = renderScreen(path, parent, {
        id: 'detail',
        path: `${form.list.path.slice('/admin/'.length)}/:id`,
        Component: form.list.detail.default,
        loaderData: data,
      })
      expectShown(html, row.name, `${form.kind} detail`)
      expectEscaped(
        html,
        form.shownFields.map((name) => row[name] as string | null),
        `${form.kind} detail`,
      )
    }
  })

  it('exports every stored value to CSV quoted and formula-safe', { timeout: LONG_RUN_TIMEOUT }, async () => {
    const rows = (await (await database()).select().from(form.table)) as Array<Record<string, unknown> & { id: number }>
    const response = (await form.list.exporter({
      request: new Request(`${ORIGIN}${form.list.path}/export`, { headers: { Cookie: adminCookie } }),
      context: loadContext(),
    } as never)) as Response
    expect(response.status).toBe(200)
    const csv = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
    expect(csv.startsWith('\uFEFF'), 'the byte order mark for Excel').toBe(true)
    const [header, ...lines] = parseCsv(csv.slice(1))
    expect(lines).toHaveLength(rows.length)
    const byId = new Map(rows.map((row) => [String(row.id), row]))
    const column = (label: string) => header!.indexOf(label)
    for (const line of lines) {
      expect(line, 'every line has every column').toHaveLength(header!.length)
      for (const cell of line)
        expect(/^[=+\-@\t\r]/.test(cell), `a cell a spreadsheet would run: ${JSON.stringify(cell.slice(0, 60))}`).toBe(false)
      const row = byId.get(line[column('ID')]!)
      expect(row, 'a line for a stored row').toBeDefined()
      for (const name of form.shownFields) {
        // The export's headers are the screen's field labels (an English session here).
        const fields: Record<string, string> = { ...englishAdmin.patients.fields, ...englishAdmin.students.fields }
        const label = fields[name]!
        const stored = (row![name] as string | null) ?? ''
        const cell = line[column(label)]!
        // Exactly the stored value, behind an apostrophe when it would start a formula.
        expect(cell).toBe(/^[=+\-@\t\r]/.test(stored) ? `'${stored}` : stored)
      }
    }
    const ids = new Set(lines.map((line) => line[column('ID')]))
    expect(ids.size).toBe(rows.length)
    expect([...byId.keys()].every((id) => ids.has(id))).toBe(true)
  })
})
