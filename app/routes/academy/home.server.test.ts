import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { blankPostForm, postInputOf } from '~/lib/posts/post-form'
import { savePost } from '~/lib/posts/post-saves.server'
import { requestContext } from '~/lib/platform/request-context'
import { DEFAULT_ACADEMY_LAYOUT } from '~/lib/site/site-data'
import { saveDocument } from '~/lib/site/site-documents.server'
import { createTestStaff } from '../../../tests/support/staff'
import { academyHomeLoader } from './home.server'

// The academy homepage follows its layout: the next events appear once staff show that section,
// in the reader's language, the soonest first and three at most.

const DAY = 86_400_000
let staffId = 0

function load(lang?: string) {
  const path = lang ? `/${lang}/academy` : '/academy'
  return academyHomeLoader({
    request: new Request(`http://localhost${path}`),
    params: { lang },
    context: requestContext({ nonce: '', clientAddress: '127.0.0.1' }),
  } as never)
}

async function publishEvent(title: { en?: string; fa?: string }, daysAhead: number) {
  const base = blankPostForm('news')
  const texts = { ...base.texts }
  if (title.en) texts.en = { title: title.en, summary: 'In short', body: 'Come along.' }
  if (title.fa) texts.fa = { title: title.fa, summary: 'به طور خلاصه', body: 'بیایید.' }
  const date = new Date(Date.now() + daysAhead * DAY).toISOString().slice(0, 10)
  const values = { ...base, texts, status: 'published' as const, eventStartDate: date, eventStartTime: '09:00' }
  return savePost(await database(), { id: staffId, username: 'office', displayName: 'Office' }, null, postInputOf(values), null)
}

beforeAll(async () => {
  await connectDatabase({ memory: true })
  staffId = await createTestStaff(await database(), 'academy', 'office')
})

afterAll(async () => {
  await disconnectDatabase()
})

describe('the academy homepage', () => {
  it('shows its hero, strengths and courses, and no events, until staff show the next events', async () => {
    await publishEvent({ en: 'Implant open day' }, 5)
    const page = await load()
    expect(page.sections).toEqual(DEFAULT_ACADEMY_LAYOUT)
    expect(page.events).toEqual([])
  })

  it('lists the three events to come, soonest first, in the order staff set', async () => {
    await publishEvent({ en: 'Course start', fa: 'آغاز کورس' }, 2)
    await publishEvent({ en: 'Graduation' }, 20)
    await publishEvent({ en: 'Held last week' }, -7)
    await publishEvent({ en: 'Exam day' }, 9)
    const order = ['events', 'hero', 'strengths', 'courses'] as const
    await saveDocument(
      await database(),
      'academyLayout',
      order.map((id) => ({ id, visible: true })),
      staffId,
    )
    const english = await load()
    expect(english.sections.map((section) => section.id)).toEqual(order)
    expect(english.events.map((event) => event.title)).toEqual(['Course start', 'Implant open day', 'Exam day'])
    const dari = await load('fa')
    expect(dari.events[0]).toMatchObject({ title: 'آغاز کورس', shownIn: 'fa' })
    expect(dari.events[0]!.path).toMatch(/^\/fa\/academy\/news\/\d+/)
    expect(dari.texts.nextEvents).toBe('رویدادهای بعدی')
  })
})
