import { describe, expect, it } from 'vitest'
import { toE164 } from '../contact/phone.server'
import { createCourseRegistrationSchema } from './registration'
import { fieldErrors } from './shared'
import { registration } from '../../../tests/support/submission-fixtures'
import { COURSE_IDS } from '../site/site-data'

const server = createCourseRegistrationSchema({ phone: toE164, courses: COURSE_IDS })
const complete = registration

function errorsOf(values: Record<string, string>) {
  const parsed = server.safeParse(values)
  return parsed.success ? {} : fieldErrors(parsed.error)
}

describe('CourseRegistrationSchema', () => {
  it('accepts a complete form', () => {
    expect(server.safeParse(complete).data).toEqual({ ...complete, phone: '+93791234567' })
  })

  it.each([
    ['name', 'nameRequired'],
    ['phone', 'phoneRequired'],
    ['email', 'emailRequired'],
    ['address', 'addressRequired'],
    ['education', 'educationRequired'],
  ] as const)('requires %s', (field, code) => {
    expect(errorsOf({ ...complete, [field]: ' ' })).toEqual({ [field]: code })
  })

  it('checks the e-mail format and the phone', () => {
    expect(errorsOf({ ...complete, email: 'mariam@' })).toEqual({ email: 'emailInvalid' })
    expect(errorsOf({ ...complete, phone: '0701' })).toEqual({ phone: 'phoneInvalid' })
  })

  it('defaults to Diploma in Dentistry and refuses unknown courses', () => {
    expect(server.safeParse({ ...complete, course: '' }).data?.course).toBe('diplomaDentistry')
    expect(errorsOf({ ...complete, course: 'astronomy' })).toEqual({ course: 'courseInvalid' })
  })

  it('takes the first open course when the default one is closed, and refuses a closed one', () => {
    const open = createCourseRegistrationSchema({ phone: toE164, courses: ['radiology', 'newCourse'] })
    expect(open.safeParse({ ...complete, course: '' }).data?.course).toBe('radiology')
    expect(open.safeParse({ ...complete, course: 'newCourse' }).data?.course).toBe('newCourse')
    const closed = open.safeParse({ ...complete, course: 'diplomaDentistry' })
    expect(closed.success ? {} : fieldErrors(closed.error)).toEqual({ course: 'courseInvalid' })
    const none = createCourseRegistrationSchema({ phone: toE164, courses: [] }).safeParse({ ...complete, course: '' })
    expect(none.success ? {} : fieldErrors(none.error)).toEqual({ course: 'courseInvalid' })
  })

  it('leaves the course to the server in the browser', () => {
    const browser = createCourseRegistrationSchema()
    expect(browser.safeParse({ ...complete, course: 'aCourseAddedLater' }).data?.course).toBe('aCourseAddedLater')
    const tooLong = browser.safeParse({ ...complete, course: 'x'.repeat(101) })
    expect(tooLong.success ? {} : fieldErrors(tooLong.error)).toEqual({ course: 'courseInvalid' })
  })

  it('limits the lengths', () => {
    expect(errorsOf({ ...complete, address: 'x'.repeat(301), education: 'y'.repeat(201) })).toEqual({
      address: 'tooLong',
      education: 'tooLong',
    })
  })
})
