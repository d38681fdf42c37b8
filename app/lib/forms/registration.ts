/** The course registration form (docs/product.md#forms): one schema for the browser and the server. */
import * as z from 'zod/mini'
import { DEFAULT_COURSE } from '../site/site-data'
import { requiredEmail, fieldRule, loosePhone, phoneField, requiredText, type PhoneNormalizer } from './rules'
import { FIELD_LIMITS } from './shared'

/** Longer than any course id; the browser's check goes no further (the server knows the open courses). */
const MAX_COURSE_ID_LENGTH = 100

/**
 * The course: with `open` (the server), one of the courses open for registration, and a form sent
 * without a course gets the default course, or the first open one when the default is closed.
 * Without `open` (the browser), the select's value is left to the server.
 */
function courseField(open: readonly string[] | undefined) {
  return fieldRule<string>((raw) => {
    const value = raw.trim()
    if (!open) return value.length <= MAX_COURSE_ID_LENGTH ? { value } : { error: 'courseInvalid' }
    const chosen = value || (open.includes(DEFAULT_COURSE) ? DEFAULT_COURSE : open[0])
    return chosen !== undefined && open.includes(chosen) ? { value: chosen } : { error: 'courseInvalid' }
  })
}

export function createCourseRegistrationSchema({
  phone = loosePhone,
  courses,
}: { phone?: PhoneNormalizer; courses?: readonly string[] } = {}) {
  return z.object({
    name: requiredText(FIELD_LIMITS.name, 'nameRequired', 'nameTooLong'),
    phone: phoneField(phone),
    email: requiredEmail(),
    address: requiredText(FIELD_LIMITS.address, 'addressRequired'),
    education: requiredText(FIELD_LIMITS.education, 'educationRequired'),
    course: courseField(courses),
  })
}

/** The registration form's schema with the browser's quick phone check. */
export const CourseRegistrationSchema = createCourseRegistrationSchema()
export type CourseRegistration = z.infer<typeof CourseRegistrationSchema>
