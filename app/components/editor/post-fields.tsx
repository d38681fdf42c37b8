import { useState } from 'react'
import { StaffDateField } from '~/components/admin/staff-date-field'
import { LOCALE_INFO, type Locale } from '~/lib/i18n/locale'
import type { PostFormValues } from '~/lib/posts/post-form'
import { POST_STATUSES } from '~/lib/posts/posts'
import type { Messages } from '~/locales'
import { format } from '~/locales'
import { EditorSection } from './editor-page'
import { controlClass, EditorLabelled, TextArea, TextField } from './fields'

type PostTexts = Messages['posts']['editor']
type Errors = Record<string, string>

/** One language of a post: its title, summary, Markdown text, the cover's description and the event's place. */
export function PostLanguageFields({
  locale,
  language,
  values,
  errors,
  m,
  isNews,
}: {
  locale: Locale
  language: string
  values: PostFormValues
  errors: Errors
  m: PostTexts
  isNews: boolean
}) {
  const info = LOCALE_INFO[locale]
  const field = (name: string) => ({
    id: `post-${name}-${locale}`,
    name: `${name}.${locale}`,
    dir: info.dir,
    lang: info.tag,
    error: errors[`${name}.${locale}`],
  })
  const text = values.texts[locale]
  return (
    <div className="space-y-4">
      <TextField {...field('title')} label={`${m.fields.title} (${language})`} defaultValue={text.title} />
      <TextArea {...field('summary')} rows={3} label={`${m.fields.summary} (${language})`} defaultValue={text.summary} />
      <TextArea {...field('body')} rows={16} label={`${m.fields.body} (${language})`} defaultValue={text.body} help={m.fields.bodyHelp} />
      <TextField {...field('coverAlt')} label={format(m.fields.coverAlt, { language })} defaultValue={values.coverAlt[locale]} />
      {isNews ? <TextField {...field('place')} label={format(m.fields.place, { language })} defaultValue={values.place[locale]} /> : null}
    </div>
  )
}

/** The cover: a media library image (shown small once chosen). */
export function PostCoverField({
  value,
  error,
  media,
  m,
}: {
  value: string
  error?: string
  media: ReadonlyArray<{ name: string; label: string; src: string }>
  m: PostTexts
}) {
  const [chosen, setChosen] = useState(value)
  const image = media.find((item) => item.name === chosen)
  return (
    <div className="flex flex-wrap items-end gap-4">
      <div className="min-w-64 flex-1">
        <EditorLabelled id="post-cover" label={m.fields.cover} error={error}>
          {(wiring) => (
            <select
              {...wiring}
              name="cover"
              value={chosen}
              onChange={(event) => setChosen(event.target.value)}
              className={controlClass(error)}
            >
              <option value="">{m.fields.noCover}</option>
              {media.map((item) => (
                <option key={item.name} value={item.name}>
                  {item.label}
                </option>
              ))}
            </select>
          )}
        </EditorLabelled>
      </div>
      {image ? <img src={image.src} alt="" width={160} className="h-24 w-40 rounded-md border border-slate-200 object-cover" /> : null}
    </div>
  )
}

interface DateProps {
  locale: Locale
  today: string
  values: PostFormValues
  dateParts?: Record<string, string>
  errors: Errors
}

/** A day (the desk's Solar Hijri field in Dari and Pashto) and a time in Kabul. */
function DayAndTime({
  day,
  time,
  dayLabel,
  timeLabel,
  optional = false,
  locale,
  today,
  values,
  dateParts,
  errors,
}: DateProps & { day: keyof PostFormValues; time: keyof PostFormValues; dayLabel: string; timeLabel: string; optional?: boolean }) {
  const value = String(values[day])
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <StaffDateField
        id={`post-${day}`}
        name={day}
        label={dayLabel}
        locale={locale}
        today={today}
        value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
        sent={dateParts}
        error={errors[day]}
        optional={optional}
        english={<TextField id={`post-${day}`} name={day} type="date" label={dayLabel} defaultValue={value} error={errors[day]} />}
      />
      <TextField
        id={`post-${time}`}
        name={time}
        label={
          <>
            <span className="sr-only">{dayLabel}: </span>
            {timeLabel}
          </>
        }
        defaultValue={String(values[time])}
        placeholder="09:30"
        dir="ltr"
        error={errors[time]}
      />
    </div>
  )
}

/** The address, the status and the publication time. */
export function PostPublishing({ m, ...props }: DateProps & { m: PostTexts }) {
  const { values, errors } = props
  return (
    <EditorSection id="post-publishing" title={m.fields.status} help={m.fields.scheduleHelp}>
      <TextField
        id="post-slug"
        name="slug"
        label={m.fields.slug}
        help={m.fields.slugHelp}
        defaultValue={values.slug}
        dir="ltr"
        error={errors.slug}
      />
      <EditorLabelled id="post-status" label={m.fields.status} error={errors.status}>
        {(wiring) => (
          <select {...wiring} name="status" defaultValue={values.status} className={controlClass(errors.status)}>
            {POST_STATUSES.map((status) => (
              <option key={status} value={status}>
                {m.statuses[status]}
              </option>
            ))}
          </select>
        )}
      </EditorLabelled>
      <DayAndTime
        {...props}
        day="publishDate"
        time="publishTime"
        dayLabel={m.fields.publishDate}
        timeLabel={m.fields.publishTime}
        optional
      />
    </EditorSection>
  )
}

/** An academy post's event: start, optional end, course (the places are in the language tabs). */
export function PostEventFields({
  m,
  courses,
  ...props
}: DateProps & { m: PostTexts; courses: ReadonlyArray<{ id: string; name: string }> }) {
  const { values, errors } = props
  return (
    <EditorSection id="post-event" title={m.fields.event} help={m.fields.eventHelp}>
      <DayAndTime
        {...props}
        day="eventStartDate"
        time="eventStartTime"
        dayLabel={m.fields.eventStartDate}
        timeLabel={m.fields.eventStartTime}
        optional
      />
      <DayAndTime
        {...props}
        day="eventEndDate"
        time="eventEndTime"
        dayLabel={m.fields.eventEndDate}
        timeLabel={m.fields.eventEndTime}
        optional
      />
      <EditorLabelled id="post-course" label={m.fields.course} error={errors.course}>
        {(wiring) => (
          <select {...wiring} name="course" defaultValue={values.course} className={controlClass(errors.course)}>
            <option value="">{m.fields.noCourse}</option>
            {courses.map((course) => (
              <option key={course.id} value={course.id}>
                {course.name}
              </option>
            ))}
          </select>
        )}
      </EditorLabelled>
    </EditorSection>
  )
}
