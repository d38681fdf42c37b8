import { data, redirect } from 'react-router'
import { z } from 'zod'
import { requireRole } from '~/lib/staff/auth.server'
import { CSV_BOM, csvRow } from '~/lib/requests/csv'
import { database } from '~/lib/platform/db.server'
import { removeForbiddenCharacters } from '~/lib/forms/characters'
import { readForm } from '~/lib/forms/read-form.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import {
  deleteRequest,
  eachRequest,
  getRequest,
  listRequests,
  setRequestStatus,
  statusesOf,
  type RequestKind,
} from '~/lib/requests/requests.server'
import { LIST_PATH, SECTION_ROLES } from '../access/sections'
import { adminLocale } from '~/lib/staff/admin-locale.server'
import type { Locale } from '~/lib/i18n/locale'
import { parseRowId } from '~/lib/forms/row-id'
import { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure, formSuccess, parseForm } from '~/lib/staff/form-result.server'
import { messagesFor } from '~/locales'

/** Registrations store the course's id; staff read its name (in their language; the CSV in English). */
function courseName(id: string | undefined, locale: Locale): string | undefined {
  if (id === undefined) return undefined
  const names = messagesFor(locale).academy.courses.names as Record<string, string>
  return names[id] ?? id
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
  try {
    const page = await listRequests(await database(), kind, {
      q: filter.q,
      status,
      after: url.searchParams.get('after'),
      before: url.searchParams.get('before'),
    })
    const locale = adminLocale(request)
    const rows = page.rows.map((row) => (row.course === undefined ? row : { ...row, course: courseName(row.course, locale) }))
    return { ok: true as const, page: { ...page, rows }, q: filter.q, status, statuses, canDelete: member.role === 'admin' }
  } catch (error) {
    console.error(`Listing ${kind} failed: ${describeError(error)}`)
    return { ok: false as const, page: null, q: filter.q, status, statuses, canDelete: false }
  }
}

/**
 * What went wrong, without patient data: a database error's message repeats the query and its
 * parameters (the search term), so only its kind and PostgreSQL error code are logged.
 */
export function describeError(error: unknown): string {
  const cause = error instanceof Error && error.cause && typeof error.cause === 'object' ? (error.cause as { code?: unknown }) : null
  const name = error instanceof Error ? error.name : 'unknown error'
  return cause?.code ? `${name} (${String(cause.code)})` : name
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
  const row = await getRequest(await database(), kind, id)
  if (!row) throw data({ error: 'Not found.' }, { status: 404 })
  if (row.course !== undefined) row.course = courseName(row.course, adminLocale(request))
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
    await requireRole(request, [])
    const id = parseId(idParam)
    if (!parseForm(DeleteForm, form).success) return formFailure(400, {}, { intent: 'delete' })
    if (!(await deleteRequest(await database(), kind, id))) throw data({ error: 'Not found.' }, { status: 404 })
    return redirect(`${LIST_PATH[kind]}?deleted=1`)
  }
  const member = await requireRole(request, ROLES[kind])
  const id = parseId(idParam)
  const parsed = parseForm(StatusForm, form)
  // The select offers only the kind's statuses; anything else is a forged form.
  if (!parsed.success || !(await setRequestStatus(await database(), kind, id, parsed.data.status, member.id))) {
    return formFailure(400, {}, { intent: 'status' })
  }
  return formSuccess(null, { intent: 'status' })
}

const CSV_COLUMNS = {
  appointments: [
    ['id', 'ID'],
    ['createdAt', 'Date Submitted (UTC)'],
    ['name', 'Name'],
    ['phone', 'Phone'],
    ['email', 'Email'],
    ['date', 'Preferred Date'],
    ['message', 'Message'],
    ['locale', 'Language'],
    ['status', 'Status'],
    ['statusUpdatedAt', 'Status Changed (UTC)'],
  ],
  registrations: [
    ['id', 'ID'],
    ['createdAt', 'Date Submitted (UTC)'],
    ['name', 'Name'],
    ['phone', 'Phone'],
    ['email', 'Email'],
    ['address', 'Address'],
    ['education', 'Highest Level of Education'],
    ['course', 'Course'],
    ['locale', 'Language'],
    ['status', 'Status'],
    ['statusUpdatedAt', 'Status Changed (UTC)'],
  ],
} as const

/**
 * The CSV export of the current filter, streamed in batches (never all rows in memory), with a
 * UTF-8 byte order mark for Excel and formula-safe cells. A request without a session gets 401.
 */
export async function exportRequestsCsv(request: Request, kind: RequestKind): Promise<Response> {
  await requireRole(request, ROLES[kind], { dataOnly: true })
  const url = new URL(request.url)
  const filter = filterFrom(url)
  const status = statusesOf(kind).includes(filter.status) ? filter.status : ''
  const db = await database()
  const columns = CSV_COLUMNS[kind]
  const rows = eachRequest(db, kind, { q: filter.q, status }, 1000)
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
      controller.enqueue(encoder.encode(CSV_BOM + csvRow(columns.map(([, label]) => label))))
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
      chunk += csvRow(columns.map(([key]) => (key === 'course' ? courseName(String(row.course), 'en') : row[key])))
    }
    controller.enqueue(encoder.encode(chunk))
  }
  const day = new Date().toISOString().slice(0, 10)
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${kind}-${day}.csv"`,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
