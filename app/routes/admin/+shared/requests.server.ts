/**
 * The request screens' server code, shared by both kinds (appointments on Patients, registrations
 * on Students): the lists, their CSV export and a request's page. Its forms are the desk's
 * (request-desk.server.ts).
 */
import { data, type RouterContextProvider } from 'react-router'
import { requireRole, type StaffContext } from '~/lib/staff/staff-context.server'
import { CSV_BOM, csvFileName, csvHeader, csvRow, csvValues } from '~/lib/requests/csv'
import { database } from '~/lib/platform/db.server'
import { removeForbiddenCharacters } from '~/lib/platform/characters'
import { eachRequest, getRequest, listRequests, statusesOf, type RequestKind } from '~/lib/requests/requests.server'
import { SECTION_ROLES } from '~/lib/access/sections'
import { DATE_FIELDS, parseDateRange } from '~/lib/requests/date-range'
import { serverTiming } from '~/lib/requests/server-timing'
import { describeError } from '~/lib/requests/describe-error'
import { recordExport } from '~/lib/requests/request-audit.server'
import type { Locale } from '~/lib/i18n/locale'
import { parseRowId } from '~/lib/platform/row-id'
import { registrationCourseName } from '~/lib/forms/course-choices.server'
import type { CourseNames } from '~/lib/forms/course-entry'

/**
 * Registrations store the course's id and its names at the time; staff read the name it had then,
 * in their language (on screen and in the CSV), whatever the course is called now.
 */
function withCourseName<R extends { course?: string; courseNames?: CourseNames | null }>(row: R, locale: Locale): R {
  if (row.course === undefined) return row
  return { ...row, course: registrationCourseName(row.course, row.courseNames, locale), courseNames: undefined }
}

/** Who works each kind of request (docs/product.md#roles). */
export const REQUEST_ROLES = { appointments: SECTION_ROLES.patients, registrations: SECTION_ROLES.students } as const

/** What a request screen's server code is given: the request, and the staff context the middleware set. */
interface ScreenArgs {
  request: Request
  context: Readonly<RouterContextProvider>
}

function filterFrom(url: URL) {
  // Control characters can be in an address but not in a search (PostgreSQL refuses NUL).
  const q = removeForbiddenCharacters(url.searchParams.get('q') ?? '')
    .trim()
    .slice(0, 100)
  const status = url.searchParams.get('status') ?? ''
  return { q, status: statusesOf('appointments').includes(status) || statusesOf('registrations').includes(status) ? status : '' }
}

/** The list screens' loader: one page of requests for the filter in the query string, for `staff`. */
export async function loadRequestList(request: Request, staff: StaffContext, kind: RequestKind) {
  const url = new URL(request.url)
  const filter = filterFrom(url)
  const statuses = statusesOf(kind)
  const status = statuses.includes(filter.status) ? filter.status : ''
  const parsedRange = parseDateRange(kind, url.searchParams)
  const shared = { q: filter.q, status, statuses, dateFields: DATE_FIELDS[kind] }
  if (!parsedRange.ok) {
    // A bad date is answered with the typed values and a message, not with a list.
    const { error, field, values } = parsedRange
    return { ok: false as const, page: null, ...shared, range: values, rangeError: { error, field }, canDelete: false }
  }
  const range = parsedRange.range
  const rangeValues = { field: range.field, from: range.from ?? '', to: range.to ?? '' }
  try {
    const page = await listRequests(await database(), kind, {
      q: filter.q,
      status,
      range,
      after: url.searchParams.get('after'),
      before: url.searchParams.get('before'),
    })
    const rows = page.rows.map((row) => withCourseName(row, staff.locale))
    return {
      ok: true as const,
      page: { ...page, rows },
      ...shared,
      range: rangeValues,
      rangeError: null,
      canDelete: staff.role === 'admin',
    }
  } catch (error) {
    console.error(`Listing ${kind} failed: ${describeError(error)}`)
    return { ok: false as const, page: null, ...shared, range: rangeValues, rangeError: null, canDelete: false }
  }
}

/** The list routes' loader: the list, 400 for a bad date range, and the time it took (Server-Timing). */
export async function requestListLoader({ request, context }: ScreenArgs, kind: RequestKind) {
  const started = performance.now()
  const list = await loadRequestList(request, requireRole(context, REQUEST_ROLES[kind]), kind)
  return data(list, { status: list.rangeError ? 400 : 200, headers: serverTiming(started) })
}

/** The request's id in the address, or a 404. */
export function requestId(value: string | undefined): number {
  const id = parseRowId(value)
  if (id === null) throw data({ error: 'Not found.' }, { status: 404 })
  return id
}

/** A detail screen's loader: everything submitted with one request. */
export async function loadRequestDetail({ context }: Pick<ScreenArgs, 'context'>, kind: RequestKind, idParam: string | undefined) {
  const staff = requireRole(context, REQUEST_ROLES[kind])
  const id = requestId(idParam)
  const stored = await getRequest(await database(), kind, id)
  if (!stored) throw data({ error: 'Not found.' }, { status: 404 })
  const row = withCourseName(stored, staff.locale)
  return { request: row, statuses: statusesOf(kind), canDelete: staff.role === 'admin' }
}

/**
 * The CSV export of the current filter, streamed in batches (never all rows in memory), with a
 * UTF-8 byte order mark for Excel and formula-safe cells. A request without a session gets 401.
 */
export async function exportRequestsCsv({ request, context }: ScreenArgs, kind: RequestKind): Promise<Response> {
  const { account: member, locale } = requireRole(context, REQUEST_ROLES[kind])
  const url = new URL(request.url)
  const filter = filterFrom(url)
  const status = statusesOf(kind).includes(filter.status) ? filter.status : ''
  const parsedRange = parseDateRange(kind, url.searchParams)
  if (!parsedRange.ok) return new Response('The date range is not valid.', { status: 400, headers: { 'Cache-Control': 'no-store' } })
  const db = await database()
  await recordExport(db, member, kind, { status, q: filter.q })
  // Headers, status names and dates in the staff member's language; times in Kabul time.
  const nameOfCourse = (id: string, row: Record<string, unknown>) =>
    registrationCourseName(id, row.courseNames as CourseNames | null | undefined, locale)
  const rows = eachRequest(db, kind, { q: filter.q, status, range: parsedRange.range }, 1000)
  const encoder = new TextEncoder()
  let started = false
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        await pullRows(controller)
      } catch (error) {
        console.error(`Exporting ${kind} failed: ${describeError(error)}`)
        controller.error(new Error('Export failed.'))
      }
    },
    async cancel() {
      await rows.return(undefined)
    },
  })
  async function pullRows(controller: ReadableStreamDefaultController<Uint8Array>) {
    if (!started) {
      started = true
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(csvHeader(kind, locale))))
      return
    }
    // 200 rows per chunk; the generator reads the database 1,000 rows at a time.
    let chunk = ''
    for (let i = 0; i < 200; i++) {
      const next = await rows.next()
      if (next.done) {
        if (chunk) controller.enqueue(encoder.encode(chunk))
        controller.close()
        return
      }
      const row = next.value
      chunk += csvRow(csvValues(kind, row, locale, nameOfCourse))
    }
    controller.enqueue(encoder.encode(chunk))
  }
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${csvFileName(kind)}"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
