import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { createTestStaff } from '../../../tests/support/staff'
import { appointments, appointmentSchedule } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { readDeskBooking, storeDeskBooking } from './desk-booking.server'

// Tuesday 1 December 2026, 10:00 in Kabul.
const NOW = new Date('2026-12-01T05:30:00Z')
const TOKEN = '0123456789abcdef0123456789abcdef'

function form(values: Record<string, string>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(values)) data.set(name, value)
  return data
}

const walkIn = {
  name: '  Zarghona   Ahmadi ',
  phone: '070 123 4567',
  email: '',
  date: '2026-12-01',
  message: '',
  source: 'walk-in',
  locale: 'fa',
  token: TOKEN,
}

describe('reading a desk booking', () => {
  it('takes the public form’s rules: the phone in international form, the name tidied, no e-mail as null', () => {
    const read = readDeskBooking(form(walkIn), NOW)
    expect(read).toEqual({
      ok: true,
      token: TOKEN,
      value: {
        name: 'Zarghona Ahmadi',
        phone: '+93701234567',
        email: null,
        date: '2026-12-01',
        message: null,
        source: 'walk-in',
        locale: 'fa',
        confirmedFor: null,
      },
    })
  })

  it('confirms at once with a date and time in Kabul', () => {
    const read = readDeskBooking(form({ ...walkIn, confirmNow: 'yes', visitDate: '2026-12-01', visitTime: '10:30' }), NOW)
    expect(read.ok && read.value.confirmedFor).toEqual(new Date('2026-12-01T06:00:00Z'))
  })

  it('says what is wrong with each field and gives back everything typed', () => {
    const typed = {
      ...walkIn,
      name: '',
      phone: '12345',
      email: 'ali@',
      date: '2026-11-30',
      source: 'online',
      confirmNow: 'yes',
      visitDate: '2026-12-04',
      visitTime: '',
    }
    const read = readDeskBooking(form(typed), NOW)
    expect(read.ok).toBe(false)
    if (read.ok) return
    expect(read.errors).toEqual({
      name: { scope: 'forms', code: 'nameRequired', max: 100 },
      phone: { scope: 'forms', code: 'phoneInvalid', max: 32 },
      email: { scope: 'forms', code: 'emailInvalid', max: 254 },
      date: { scope: 'forms', code: 'datePast', max: undefined },
      source: { scope: 'desk', code: 'sourceInvalid' },
      visitDate: { scope: 'desk', code: 'closedDay' },
      visitTime: { scope: 'desk', code: 'timeRequired' },
    })
    expect(read.values).toMatchObject({
      name: '',
      phone: '12345',
      email: 'ali@',
      date: '2026-11-30',
      visitDate: '2026-12-04',
      confirmNow: 'yes',
    })
  })

  it('ignores the visit fields unless confirming at once, and reads an unknown language as English', () => {
    const read = readDeskBooking(form({ ...walkIn, source: 'phone', locale: 'xx', visitTime: 'nonsense' }), NOW)
    expect(read.ok && read.value).toMatchObject({ source: 'phone', locale: 'en', confirmedFor: null })
  })
})

describe.each(testDatabases())('storing desk bookings on $name', ({ open }) => {
  let handle: DatabaseHandle
  let staffId = 0
  beforeAll(async () => {
    handle = await open()
    staffId = await createTestStaff(handle.db)
  })
  afterAll(async () => {
    await handle.close()
  })

  it('stores the source and who entered it, pending, once per form', async () => {
    const read = readDeskBooking(form({ ...walkIn, source: 'phone' }), NOW)
    if (!read.ok) throw new Error('invalid')
    const id = await storeDeskBooking(handle.db, read.value, read.token, staffId, NOW)
    // The same form sent twice (a double click, a reload) is one booking.
    expect(await storeDeskBooking(handle.db, read.value, read.token, staffId, NOW)).toBe(id)
    const rows = await handle.db.select().from(appointments)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id,
      name: 'Zarghona Ahmadi',
      phone: '+93701234567',
      source: 'phone',
      createdBy: staffId,
      locale: 'fa',
      status: 'pending',
      confirmedFor: null,
    })
    expect(await handle.db.select().from(appointmentSchedule)).toEqual([])
  })

  it('stores a walk-in confirmed at once with its first schedule row', async () => {
    const read = readDeskBooking(
      form({ ...walkIn, token: 'f'.repeat(32), confirmNow: 'yes', visitDate: '2026-12-01', visitTime: '10:30' }),
      NOW,
    )
    if (!read.ok) throw new Error('invalid')
    const id = await storeDeskBooking(handle.db, read.value, read.token, staffId, NOW)
    const [row] = await handle.db.select().from(appointments).where(eq(appointments.id, id))
    expect(row).toMatchObject({
      source: 'walk-in',
      status: 'confirmed',
      confirmedFor: new Date('2026-12-01T06:00:00Z'),
      statusUpdatedBy: staffId,
    })
    const schedule = await handle.db.select().from(appointmentSchedule).where(eq(appointmentSchedule.appointmentId, id))
    expect(schedule).toMatchObject([{ confirmedFor: new Date('2026-12-01T06:00:00Z'), changedBy: staffId }])
  })
})
