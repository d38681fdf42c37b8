import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { galleryAlbums } from '~db/schema'
import { connectDatabase, database, disconnectDatabase } from '~/lib/platform/db.server'
import { requestContext } from '~/lib/platform/request-context'
import { createSession } from '~/lib/staff/sessions.server'
import { createTestStaff } from '../../../tests/support/staff'
import { afterMiddleware } from '../../../tests/support/middleware'
import * as layout from './admin-layout'
import * as gallery from './gallery'

// The Gallery screen's action as the server calls it: a refusal answers 400 with what was typed,
// never a 500, and writes nothing.

const ORIGIN = 'http://localhost:3000'
let cookie = ''

beforeAll(async () => {
  const { db } = await connectDatabase({ memory: true })
  cookie = `staff_session=${await createSession(db, await createTestStaff(db, 'editor', 'gallery-desk'))}`
})
afterAll(async () => {
  await disconnectDatabase()
})

async function post(form: Record<string, string>) {
  const request = new Request(`${ORIGIN}/admin/gallery`, {
    method: 'POST',
    headers: { Cookie: cookie, Origin: ORIGIN, Accept: '*/*', 'Sec-Fetch-Mode': 'cors' },
    body: new URLSearchParams({ ...form, formEnd: '1' }),
  })
  const handler = afterMiddleware(layout.middleware, gallery.action)
  return (await handler({ request, params: {}, context: requestContext({ nonce: '', clientAddress: '127.0.0.1' }) } as never)) as {
    init: { status: number } | null
    data: { errors: Record<string, string>; values: { titles: Record<string, string> } }
  }
}

describe('the Gallery screen', () => {
  it('refuses an album without an English title, keeps the typed texts and saves nothing', async () => {
    const answer = await post({ intent: 'save-album', 'titles.en': ' ', 'titles.fa': 'لبخندها', 'descriptions.en': 'x'.repeat(700) })
    expect(answer.init?.status).toBe(400)
    expect(Object.keys(answer.data.errors).sort()).toEqual(['descriptions.en', 'titles.en'])
    expect(answer.data.values.titles.fa).toBe('لبخندها')
    expect(await (await database()).select().from(galleryAlbums)).toEqual([])
  })

  it('answers 404, not 500, for an unknown album or photo and unreadable ids', async () => {
    const forms: Record<string, string>[] = [
      { intent: 'add-photo', albumId: '999999', assetId: '1' },
      { intent: 'save-photo', albumId: '1e3', photoId: '1' },
      { intent: 'move-album', albumId: '2147483648', direction: 'up' },
    ]
    for (const form of forms) expect((await post(form)).init?.status).toBe(404)
  })
})
