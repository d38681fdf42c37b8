/**
 * The request screens' server code, shared by both kinds (appointments on Patients, registrations
 * on Students): the lists, their CSV export, a request's page and its status and deletion forms.
 */
import { data, redirect } from 'react-router'
import { z } from 'zod'
import { requireRole } from '~/lib/staff/auth.server'
import { CSV_BOM, csvFileName, csvHeader, csvRow, csvValues } from '~/lib/requests/csv'
import { database } from '~/lib/platform/db.server'
import { removeForbiddenCharacters } from '~/lib/forms/characters'
import { readForm } from '~/lib/forms/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { eachRequest, getRequest, listRequests, statusesOf, type RequestKind } from '~/lib/requests/requests.server'
import { LIST_PATH, SECTION_ROLES } from '~/lib/access/sections'
import { DATE_FIELDS, parseDateRange } from '~/lib/requests/date-range'
import { serverTiming } from '~/lib/requests/server-timing'
import { describeError } from '~/lib/requests/describe-error'
import { deleteRequestAudited, recordExport, setRequestStatusAudited } from '~/lib/requests/request-audit.server'
import { adminLocale } from '~/lib/staff/admin-locale.server'
import type { Locale } from '~/lib/i18n/locale'
import { parseRowId } from '~/lib/forms/row-id'
import { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure, formSuccess, parseForm } from '~/lib/staff/form-result.server'
import { messagesFor } from '~/locales'
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

const ROLES = { appointments: SECTION_ROLES.patients, registrations: SECTION_ROLES.students } as const

function filterFrom(url: URL) {
  // Control characters can be in an address but not in a search (PostgreSQL refuses NUL).
  const q = removeForbiddenCharacters(url.searchParams.get('q') ?? '')
    .trim()
    .slice(0, 100)
  const status = url.searchParams.get('status') ?? ''
  return { q, status: statusesOf('appointments').includes(status) || statusesOf('registrations').includes(status) ? status : '' }
}

/** The list screens' loader: one page of requests for the filter in the query string. */
export async function loadRequestList(request: Request, kind: RequestKind) {
  const member = await requireRole(request, ROLES[kind])
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
    const locale = adminLocale(request)
    const rows = page.rows.map((row) => withCourseName(row, locale))
    return {
      ok: true as const,
      page: { ...page, rows },
      ...shared,
      range: rangeValues,
      rangeError: null,
      canDelete: member.role === 'admin',
    }
  } catch (error) {
    console.error(`Listing ${kind} failed: ${describeError(error)}`)
    return { ok: false as const, page: null, ...shared, range: rangeValues, rangeError: null, canDelete: false }
  }
}

/** The list routes' loader: the list, 400 for a bad date range, and the time it took (Server-Timing). */
export async function requestListLoader(request: Request, kind: RequestKind) {
  const started = performance.now()
  const list = await loadRequestList(request, kind)
  return data(list, { status: list.rangeError ? 400 : 200, headers: serverTiming(started) })
}

function parseId(value: string | undefined): number {
  const id = parseRowId(value)
  if (id === null) throw data({ error: 'Not found.' }, { status: 404 })
  return id
}

/** A detail screen's loader: everything submitted with one request. */
export async function loadRequestDetail(request: Request, kind: RequestKind, idParam: string | undefined) {
  const member = await requireRole(request, ROLES[kind])
  const id = parseId(idParam)
  const stored = await getRequest(await database(), kind, id)
  if (!stored) throw data({ error: 'Not found.' }, { status: 404 })
  const row = withCourseName(stored, adminLocale(request))
  return { request: row, statuses: statusesOf(kind), canDelete: member.role === 'admin' }
}

const StatusForm = z.object({ intent: z.literal('status'), status: z.string().max(40) })
const DeleteForm = z.object({ intent: z.literal('delete'), confirm: z.literal('yes') })

/**
 * A detail screen's actions: change the status (the section's roles), delete permanently
 * (administrators). They answer as every staff action does (lib/staff/form-result.ts).
 */
export async function requestDetailAction(request: Request, kind: RequestKind, idParam: string | undefined) {
  assertSameOrigin(request)
  const read = await readForm(request)
  const problems = messagesFor(adminLocale(request)).admin.problems
  if (!read.ok) return formFailure(read.status, { errors: { [FORM_ERROR]: problems.formUnreadable } }, { intent: 'status' })
  const { form } = read
  if (form.get('intent') === 'delete') {
    const admin = await requireRole(request, [])
    const id = parseId(idParam)
    if (!parseForm(DeleteForm, form).success) return formFailure(400, {}, { intent: 'delete' })
    if (!(await deleteRequestAudited(await database(), admin, kind, id))) throw data({ error: 'Not found.' }, { status: 404 })
    return redirect(`${LIST_PATH[kind]}?deleted=1`)
  }
  const member = await requireRole(request, ROLES[kind])
  const id = parseId(idParam)
  const parsed = parseForm(StatusForm, form)
  // The select offers only the kind's statuses; anything else is a forged form.
  if (!parsed.success || !(await setRequestStatusAudited(await database(), member, kind, id, parsed.data.status))) {
    return formFailure(400, {}, { intent: 'status' })
  }
  return formSuccess(null, { intent: 'status' })
}

/**
 * The CSV export of the current filter, streamed in batches (never all rows in memory), with a
 * UTF-8 byte order mark for Excel and formula-safe cells. A request without a session gets 401.
 */
export async function exportRequestsCsv(request: Request, kind: RequestKind): Promise<Response> {
  const member = await requireRole(request, ROLES[kind], { dataOnly: true })
  const url = new URL(request.url)
  const filter = filterFrom(url)
  const status = statusesOf(kind).includes(filter.status) ? filter.status : ''
  const parsedRange = parseDateRange(kind, url.searchParams)
  if (!parsedRange.ok) return new Response('The date range is not valid.', { status: 400, headers: { 'Cache-Control': 'no-store' } })
  const db = await database()
  await recordExport(db, member, kind, { status, q: filter.q })
  // Headers, status names and dates in the staff member's language; times in Kabul time.
  const locale = adminLocale(request)
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
