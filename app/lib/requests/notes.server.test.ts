import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { seedRequestPair } from '../../../tests/support/requests'
import { createTestStaff } from '../../../tests/support/staff'
import { requestNotes } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { addNote, listNotes, MAX_NOTE_LENGTH, readNote } from './notes.server'
import { deleteRequest } from './requests.server'

describe('a note as typed', () => {
  it('is trimmed, keeps its line breaks, and is required', () => {
    expect(readNote('  Called back.\r\nWill come Sunday.  ')).toEqual({ ok: true, value: 'Called back.\nWill come Sunday.' })
    expect(readNote('   \n ')).toEqual({ ok: false, error: 'noteRequired' })
    expect(readNote(undefined)).toEqual({ ok: false, error: 'noteRequired' })
  })

  it('has at most 2,000 characters and no control characters', () => {
    expect(readNote('x'.repeat(MAX_NOTE_LENGTH)).ok).toBe(true)
    expect(readNote('x'.repeat(MAX_NOTE_LENGTH + 1))).toEqual({ ok: false, error: 'noteTooLong' })
    expect(readNote('bad\u0000note')).toEqual({ ok: false, error: 'controlCharacters' })
  })
})

describe.each(testDatabases())('notes on $name', ({ open }) => {
  let handle: DatabaseHandle
  let staffId = 0
  let appointmentId = 0
  let registrationId = 0
  beforeAll(async () => {
    handle = await open()
    staffId = await createTestStaff(handle.db)
    ;({ appointmentId, registrationId } = await seedRequestPair(handle.db))
  })
  afterAll(async () => {
    await handle.close()
  })

  it('lists a request’s notes newest first with who wrote them, and only its own', async () => {
    expect(await addNote(handle.db, 'appointments', appointmentId, 'First call: no answer.', staffId)).toBe(true)
    expect(await addNote(handle.db, 'appointments', appointmentId, 'Second call: coming Sunday.', null)).toBe(true)
    expect(await addNote(handle.db, 'registrations', registrationId, 'Asked for the fees.', staffId)).toBe(true)
    const notes = await listNotes(handle.db, 'appointments', appointmentId)
    expect(notes.map(({ body, author }) => ({ body, author }))).toEqual([
      { body: 'Second call: coming Sunday.', author: null },
      { body: 'First call: no answer.', author: 'Desk Person' },
    ])
    expect(notes[0]!.createdAt).toBeInstanceOf(Date)
    expect((await listNotes(handle.db, 'registrations', registrationId)).map((note) => note.body)).toEqual(['Asked for the fees.'])
    // The same id in the other table is another request.
    expect(await listNotes(handle.db, 'registrations', appointmentId === registrationId ? -1 : appointmentId)).toEqual([])
  })

  it('refuses a note on a request that does not exist', async () => {
    expect(await addNote(handle.db, 'appointments', 999_999, 'Lost', staffId)).toBe(false)
    expect(await addNote(handle.db, 'registrations', 999_999, 'Lost', staffId)).toBe(false)
  })

  it('deleting a request deletes its notes', async () => {
    expect(await deleteRequest(handle.db, 'appointments', appointmentId)).toBe(true)
    expect(await handle.db.select().from(requestNotes).where(eq(requestNotes.appointmentId, appointmentId))).toEqual([])
    expect(await deleteRequest(handle.db, 'registrations', registrationId)).toBe(true)
    expect(await handle.db.select().from(requestNotes)).toEqual([])
  })
})
