/** The course registration form (docs/product.md#forms): one schema for the browser and the server. */
import * as z from 'zod/mini'
import { DEFAULT_COURSE, type CourseId } from '../site/site-data'
import { requiredEmail, fieldRule, loosePhone, phoneField, requiredText, type PhoneNormalizer } from './rules'
import { FIELD_LIMITS, isCourseId } from './shared'

/** One of the academy's courses; a form sent without a course gets the default. */
const courseField = fieldRule<CourseId>((raw) => {
  const value = raw.trim()
  if (!value) return { value: DEFAULT_COURSE }
  return isCourseId(value) ? { value } : { error: 'courseInvalid' }
})

export function createCourseRegistrationSchema({ phone = loosePhone }: { phone?: PhoneNormalizer } = {}) {
  return z.object({
    name: requiredText(FIELD_LIMITS.name, 'nameRequired', 'nameTooLong'),
    phone: phoneField(phone),
    email: requiredEmail(),
    address: requiredText(FIELD_LIMITS.address, 'addressRequired'),
    education: requiredText(FIELD_LIMITS.education, 'educationRequired'),
    course: courseField,
  })
}

/** The registration form's schema with the browser's quick phone check. */
export const CourseRegistrationSchema = createCourseRegistrationSchema()
