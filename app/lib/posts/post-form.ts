/**
 * The post editor's form: its fields, read from a form post into typed values, and its rules
 * (one Zod schema, whose issue messages are keys of the editor's `posts.errors` catalogue). Shared
 * by the editor screen and its action.
 */
import { z } from 'zod'
import { readDateField } from '../i18n/staff-date-fields'
import { toLatinDigits } from '../i18n/digits'
import { LOCALES, type Locale } from '../i18n/locale'
import { POST_STATUSES, POST_STREAMS, type PostStatus, type PostStream, type PostText } from './posts'

const POST_LIMITS = { title: 200, summary: 500, body: 50_000, alt: 250, place: 200, slug: 60 } as const

type LocaleTexts = Record<Locale, string>

/** The form as the editor shows it and the action reads it: every field a string. */
export interface PostFormValues {
  stream: PostStream
  slug: string
  status: PostStatus
  /** 'YYYY-MM-DD' in Kabul ('' none) and 'HH:MM'. */
  publishDate: string
  publishTime: string
  texts: Record<Locale, PostText>
  /** A media library image's name, or ''. */
  cover: string
  coverAlt: LocaleTexts
  eventStartDate: string
  eventStartTime: string
  eventEndDate: string
  eventEndTime: string
  place: LocaleTexts
  /** A course id, or ''. */
  course: string
}

/** The codes the rules answer with: keys of the editor's `posts.editor.errors`. */
type PostErrorCode =
  | 'required'
  | 'tooLong'
  | 'slugInvalid'
  | 'noLanguage'
  | 'titleMissing'
  | 'bodyMissing'
  | 'dateInvalid'
  | 'timeInvalid'
  | 'scheduleNeedsTime'
  | 'scheduleInPast'
  | 'endBeforeStart'
  | 'startMissing'
  | 'coverUnknown'
  | 'imageUnknown'
  | 'courseUnknown'

const emptyTexts = (): LocaleTexts => ({ en: '', fa: '', ps: '' })

export function blankPostForm(stream: PostStream): PostFormValues {
  return {
    stream,
    slug: '',
    status: 'draft',
    publishDate: '',
    publishTime: '',
    texts: { en: { title: '', summary: '', body: '' }, fa: { title: '', summary: '', body: '' }, ps: { title: '', summary: '', body: '' } },
    cover: '',
    coverAlt: emptyTexts(),
    eventStartDate: '',
    eventStartTime: '',
    eventEndDate: '',
    eventEndTime: '',
    place: emptyTexts(),
    course: '',
  }
}

const text = (form: FormData, name: string, max = 60_000) => {
  const value = form.get(name)
  return typeof value === 'string' ? value.replace(/\r\n?/g, '\n').slice(0, max) : ''
}
const oneLine = (form: FormData, name: string) => text(form, name, 1_000).trim()
const time = (form: FormData, name: string) => toLatinDigits(oneLine(form, name))

/** The editor's form as sent (every value kept as typed, to be shown again after a refusal). */
export function readPostForm(form: FormData, stream: PostStream): PostFormValues {
  const perLocale = (field: string) => Object.fromEntries(LOCALES.map((l) => [l, oneLine(form, `${field}.${l}`)])) as LocaleTexts
  const status = String(form.get('status') ?? 'draft')
  return {
    stream,
    slug: oneLine(form, 'slug').toLowerCase(),
    status: (POST_STATUSES as readonly string[]).includes(status) ? (status as PostStatus) : 'draft',
    publishDate: toLatinDigits(readDateField(form, 'publishDate').trim()),
    publishTime: time(form, 'publishTime'),
    texts: Object.fromEntries(
      LOCALES.map((l) => [
        l,
        { title: oneLine(form, `title.${l}`), summary: text(form, `summary.${l}`).trim(), body: text(form, `body.${l}`) },
      ]),
    ) as Record<Locale, PostText>,
    cover: oneLine(form, 'cover'),
    coverAlt: perLocale('coverAlt'),
    eventStartDate: toLatinDigits(readDateField(form, 'eventStartDate').trim()),
    eventStartTime: time(form, 'eventStartTime'),
    eventEndDate: toLatinDigits(readDateField(form, 'eventEndDate').trim()),
    eventEndTime: time(form, 'eventEndTime'),
    place: perLocale('place'),
    course: oneLine(form, 'course'),
  }
}

const KABUL_OFFSET_MINUTES = 270
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The instant of a Kabul day and time, or null when either is unreadable. */
function kabulTime(date: string, clock: string): Date | null {
  const day = ISO_DATE.exec(date)
  const hm = CLOCK.exec(clock)
  if (!day || !hm) return null
  const [year, month, dayOfMonth] = [Number(day[1]), Number(day[2]), Number(day[3])]
  const instant = new Date(Date.UTC(year, month - 1, dayOfMonth, Number(hm[1]), Number(hm[2]) - KABUL_OFFSET_MINUTES))
  const check = new Date(Date.UTC(year, month - 1, dayOfMonth))
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === dayOfMonth ? instant : null
}

/** What a valid form stores (the action adds the cover's sizes, the course check and the author). */
export interface PostInput {
  stream: PostStream
  slug: string
  status: PostStatus
  /** The requested time (scheduled posts); published and archived posts keep theirs, set by the save. */
  publishAt: Date | null
  texts: Record<Locale, PostText>
  languages: Locale[]
  cover: string
  coverAlt: LocaleTexts
  eventStart: Date | null
  eventEnd: Date | null
  place: LocaleTexts | null
  course: string
}

const limited = (max: number) => z.string().max(max, 'tooLong')
const localeTexts = (max: number) => z.object({ en: limited(max), fa: limited(max), ps: limited(max) })
const postText = z.object({ title: limited(POST_LIMITS.title), summary: limited(POST_LIMITS.summary), body: limited(POST_LIMITS.body) })

/** The rules of the post editor. `now` decides whether a scheduled time has passed. */
export function postFormSchema(now: Date) {
  return z
    .object({
      stream: z.enum(POST_STREAMS),
      slug: z
        .string()
        .max(POST_LIMITS.slug, 'tooLong')
        .regex(/^(?:[a-z0-9]+(?:-[a-z0-9]+)*)?$/, 'slugInvalid'),
      status: z.enum(POST_STATUSES),
      publishDate: z.string(),
      publishTime: z.string(),
      texts: z.object({ en: postText, fa: postText, ps: postText }),
      cover: z.string().max(100, 'tooLong'),
      coverAlt: localeTexts(POST_LIMITS.alt),
      eventStartDate: z.string(),
      eventStartTime: z.string(),
      eventEndDate: z.string(),
      eventEndTime: z.string(),
      place: localeTexts(POST_LIMITS.place),
      course: z.string().max(100, 'tooLong'),
    })
    .superRefine((form, ctx) => {
      const issue = (path: string, message: PostErrorCode) => ctx.addIssue({ code: 'custom', path: path.split('.'), message })
      const written = LOCALES.filter((l) => form.texts[l].title.trim())
      if (written.length === 0) issue('texts.en.title', 'noLanguage')
      for (const l of LOCALES) {
        const { title, summary, body } = form.texts[l]
        if (!title.trim() && (summary.trim() || body.trim())) issue(`texts.${l}.title`, 'titleMissing')
        if (title.trim() && !body.trim()) issue(`texts.${l}.body`, 'bodyMissing')
      }
      if (form.publishDate || form.publishTime || form.status === 'scheduled') {
        if (!ISO_DATE.test(form.publishDate) || !kabulTime(form.publishDate, '00:00'))
          issue('publishDate', form.publishDate ? 'dateInvalid' : 'scheduleNeedsTime')
        else if (!CLOCK.test(form.publishTime)) issue('publishTime', form.publishTime ? 'timeInvalid' : 'scheduleNeedsTime')
        else if (form.status === 'scheduled' && kabulTime(form.publishDate, form.publishTime)! <= now)
          issue('publishDate', 'scheduleInPast')
      }
      if (form.stream === 'news') {
        const start = eventTime(form.eventStartDate, form.eventStartTime)
        const end = eventTime(form.eventEndDate, form.eventEndTime)
        if (start === 'invalid')
          issue(form.eventStartDate && !kabulTime(form.eventStartDate, '00:00') ? 'eventStartDate' : 'eventStartTime', 'dateInvalid')
        if (end === 'invalid')
          issue(form.eventEndDate && !kabulTime(form.eventEndDate, '00:00') ? 'eventEndDate' : 'eventEndTime', 'dateInvalid')
        if (start === null && (end || form.course || LOCALES.some((l) => form.place[l]))) issue('eventStartDate', 'startMissing')
        if (start instanceof Date && end instanceof Date && end <= start) issue('eventEndDate', 'endBeforeStart')
      }
    })
}

/** An event's start or end: null when not given, 'invalid' when given but unreadable. */
function eventTime(date: string, clock: string): Date | null | 'invalid' {
  if (!date && !clock) return null
  return kabulTime(date, clock || '00:00') ?? 'invalid'
}

/** A checked form as stored. */
export function postInputOf(form: PostFormValues): PostInput {
  const texts = Object.fromEntries(
    LOCALES.map((l) => {
      const t = form.texts[l]
      return [l, t.title.trim() ? { title: t.title.trim(), summary: t.summary.trim(), body: t.body } : { title: '', summary: '', body: '' }]
    }),
  ) as Record<Locale, PostText>
  const isEvent = form.stream === 'news' && form.eventStartDate !== ''
  const start = isEvent ? kabulTime(form.eventStartDate, form.eventStartTime || '00:00') : null
  const end = isEvent && form.eventEndDate ? kabulTime(form.eventEndDate, form.eventEndTime || '00:00') : null
  return {
    stream: form.stream,
    slug: form.slug,
    status: form.status,
    publishAt: form.publishDate && form.publishTime ? kabulTime(form.publishDate, form.publishTime) : null,
    texts,
    languages: LOCALES.filter((l) => texts[l].title !== ''),
    cover: form.cover,
    coverAlt: form.coverAlt,
    eventStart: start,
    eventEnd: end,
    place: isEvent ? form.place : null,
    course: isEvent ? form.course : '',
  }
}
