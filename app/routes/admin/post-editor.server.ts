import { data, redirect } from 'react-router'
import { SECTION_ROLES } from '~/lib/access/sections'
import { kabulToday } from '~/lib/forms/shared'
import { readForm } from '~/lib/platform/read-form.server'
import { parseRowId } from '~/lib/platform/row-id'
import { sentSolarParts } from '~/lib/i18n/staff-date-fields'
import { LOCALES } from '~/lib/i18n/locale'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { database } from '~/lib/platform/db.server'
import { listMedia } from '~/lib/media/media.server'
import { mediaSrc } from '~/lib/media/media'
import { blankPostForm, postFormSchema, postInputOf, readPostForm, type PostFormValues } from '~/lib/posts/post-form'
import { checkPostReferences, readEditedPost, slugToStore, streamOfPost } from '~/lib/posts/post-editor.server'
import { listPostVersions, PostConflictError, restorePostVersion, savePost } from '~/lib/posts/post-saves.server'
import { canWriteStream, POST_STREAMS, postPath, STREAM_WRITERS, writableStreams, type PostStream } from '~/lib/posts/posts'
import { getSiteData } from '~/lib/site/published-site.server'
import type { Feedback } from '~/lib/staff/form-result'
import { formFailure, formInvalid, formSuccess, switchedTab, tabAnswer } from '~/lib/staff/form-result.server'
import { requireRole, type StaffContext } from '~/lib/staff/staff-context.server'
import { format } from '~/locales'
import { editedVersion, unreadableForm } from './+shared/editor.server'
import type { Route } from './+types/post-editor'

/** Three bodies of Markdown in Arabic script, percent-encoded, weigh far more than an ordinary form. */
const MAX_POST_FORM_BYTES = 2 * 1024 * 1024
/** The date fields whose Solar Hijri parts a refused form shows again as typed. */
const DATE_FIELDS = ['publishDate', 'eventStartDate', 'eventEndDate'] as const

const NO_STORE = { 'Cache-Control': 'no-store' }

function notFound(): never {
  throw data({ error: 'No such post.' }, { status: 404, headers: NO_STORE })
}

/** The post the address names: 'new' (null) or an id; anything else is 404. */
function postIdOf(param: string | undefined): number | null {
  if (param === 'new') return null
  return parseRowId(param) ?? notFound()
}

/** The stream a new post is written in: the query's (or the form's), else the first this role writes. */
function newPostStream(staff: StaffContext, sent: unknown): PostStream {
  if ((POST_STREAMS as readonly unknown[]).includes(sent)) return sent as PostStream
  return writableStreams(staff.role)[0] ?? 'articles'
}

/** A post's editor: its form in three languages, its cover and event, preview links and earlier versions. */
export async function postEditorLoader({ request, params, context }: Route.LoaderArgs) {
  let staff = requireRole(context, SECTION_ROLES.posts)
  const id = postIdOf(params.post)
  const query = new URL(request.url).searchParams
  const db = await database()
  const post = id === null ? null : await readEditedPost(db, id)
  if (id !== null && !post) notFound()
  const stream = post?.stream ?? newPostStream(staff, query.get('stream'))
  // A new post is a write: only its stream's writers open the empty form.
  if (!post) staff = requireRole(context, STREAM_WRITERS[stream])
  const m = staff.messages.posts.editor
  const [media, site, versions] = await Promise.all([listMedia(db), getSiteData(context), post ? listPostVersions(db, post.id) : []])
  const tab = LOCALES.find((l) => l === query.get('tab')) ?? 'en'
  return data(
    {
      messages: m,
      languageNames: staff.messages.posts.public.languageNames,
      locale: staff.locale,
      today: kabulToday(),
      tab,
      canWrite: canWriteStream(staff.role, stream),
      post: {
        id: post?.id ?? null,
        stream,
        status: post?.status ?? 'draft',
        version: post?.version ?? null,
        values: post?.values ?? blankPostForm(stream),
        previews: post ? Object.fromEntries(LOCALES.map((l) => [l, `${postPath(post, l)}?preview`])) : null,
        publicPath: post?.status === 'published' && post.languages[0] ? postPath(post, post.languages[0]) : null,
        languages: post?.languages ?? [],
      },
      media: media.map((image) => ({ name: image.name, label: image.alt.en || image.name, src: mediaSrc(image, 320) })),
      courses: stream === 'news' ? site.courses.filter((c) => c.visible).map((c) => ({ id: c.id, name: c.names[staff.locale] })) : [],
      history: versions.map((version) => ({
        id: version.id,
        text: format(m.savedBy, {
          date: formatStaffDate(version.savedAt, staff.locale, { withTime: true, withGregorian: true }),
          name: version.savedBy ?? m.someone,
          status: m.statuses[version.status],
        }),
      })),
      feedback: query.has('saved') ? ({ variant: 'success', title: m.savedTitle, text: m.savedText } satisfies Feedback) : null,
    },
    { headers: NO_STORE },
  )
}

/** The schema's path (`texts.fa.title`) as the form's field name (`title.fa`). */
function fieldName(path: string): string {
  const [first, locale, field] = path.split('.')
  return first === 'texts' && locale && field ? `${field}.${locale}` : path
}

/** Saves a post (new or edited) or restores one of its versions; only its stream's writers may. */
export async function postEditorAction({ request, params, context }: Route.ActionArgs) {
  const reader = requireRole(context, SECTION_ROLES.posts)
  const id = postIdOf(params.post)
  const db = await database()
  const stored = id === null ? null : await streamOfPost(db, id)
  if (id !== null && !stored) notFound()
  // The role is checked before the form is read: a new post's stream is in its address (`?stream=`).
  const stream = stored ?? newPostStream(reader, new URL(request.url).searchParams.get('stream'))
  const staff = requireRole(context, STREAM_WRITERS[stream])
  const m = staff.messages.posts.editor
  const read = await readForm(request, { maxBytes: MAX_POST_FORM_BYTES, whole: true })
  if (!read.ok) return unreadableForm(staff, m.errorTitle, read)
  const { form } = read
  const actor = { id: staff.account.id, username: staff.account.username, displayName: staff.account.displayName }
  const values = readPostForm(form, stream)
  const dateParts = Object.assign({}, ...DATE_FIELDS.map((name) => sentSolarParts(form, name))) as Record<string, string>
  const tab = switchedTab(form)
  if (tab !== null) return tabAnswer(tab, values, { dateParts })

  if (form.get('intent') === 'restore' && id !== null) {
    const versionId = parseRowId(form.get('versionId'))
    const restored = versionId !== null && (await restorePostVersion(db, actor, id, versionId))
    if (!restored) return formFailure(404, { feedback: { variant: 'destructive', title: m.errorTitle, text: m.notFound } })
    return formSuccess({ variant: 'success', title: m.restoredTitle, text: m.restoredText })
  }

  const refusal = { variant: 'destructive' as const, title: m.errorTitle, text: staff.messages.editor.common.errorSummary }
  const errorText = (code: string) => (m.errors as Record<string, string>)[code] ?? m.errors.required
  const now = new Date()
  const parsed = postFormSchema(now).safeParse(values)
  if (!parsed.success) return formInvalid(parsed.error, errorText, { values, feedback: refusal, rename: fieldName }, { dateParts })
  const input = postInputOf(parsed.data as PostFormValues)
  input.slug = slugToStore(input)
  const site = await getSiteData(context)
  const checked = await checkPostReferences(
    db,
    input,
    site.courses.map((course) => course.id),
  )
  if (Object.keys(checked.errors).length > 0) {
    const errors = Object.fromEntries(Object.entries(checked.errors).map(([path, code]) => [fieldName(path), errorText(code)]))
    return formFailure(400, { errors, values, feedback: refusal }, { dateParts })
  }
  let saved: number
  try {
    saved = await savePost(db, actor, id, input, checked.cover, { expectedVersion: editedVersion(form), now })
  } catch (error) {
    if (error instanceof PostConflictError) {
      const text = format(m.conflict, {
        name: error.savedBy ?? m.someone,
        time: formatStaffDate(error.savedAt, staff.locale, { withTime: true }),
      })
      return formFailure(409, { values, feedback: { variant: 'destructive', title: m.errorTitle, text } }, { dateParts })
    }
    console.error('Saving a post failed:', error)
    return formFailure(500, { values, feedback: { variant: 'destructive', title: m.errorTitle, text: m.errorText } }, { dateParts })
  }
  if (id === null) throw redirect(`/admin/posts/${saved}?saved`, { headers: NO_STORE })
  return formSuccess({ variant: 'success', title: m.savedTitle, text: savedText(staff, input.status, input.publishAt) })
}

function savedText(staff: StaffContext, status: string, publishAt: Date | null): string {
  const m = staff.messages.posts.editor
  if (status === 'published') return m.publishedText
  if (status === 'scheduled' && publishAt)
    return format(m.scheduledText, { date: formatStaffDate(publishAt, staff.locale, { withTime: true, withGregorian: true }) })
  return m.savedText
}
