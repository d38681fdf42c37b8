import type { PublicMessages } from '~/locales'
import type { Locale } from '../i18n/locale'
import { academyJsonLd, dentistJsonLd, serializeJsonLd } from './seo'
import { structuredDataKind } from './structured-data'
import { FEATURED_COURSE_IDS, ONLINE_COURSE_IDS, type CourseId } from '../site/site-data'
import type { SiteSettings } from '../site/site-settings'

interface Facts {
  path: string
  locale: Locale
  publicUrl: string
  messages: PublicMessages
  settings: SiteSettings
  courseFees?: Partial<Record<CourseId, number | null>>
}

/** The serialized JSON-LD for a public page: `Dentist` on the clinic, `EducationalOrganization` (+ `Course`) on the academy. */
export function structuredDataFor({ path, locale, publicUrl, messages, settings, courseFees }: Facts): string | null {
  const kind = structuredDataKind(path)
  if (!kind) return null
  const brand = messages.common.brand
  const organization = {
    publicUrl,
    locale,
    phone: settings.phone,
    streetAddress: settings.address[locale] || settings.address.en,
    postalCode: settings.postalCode,
  }
  if (kind === 'clinic') {
    return serializeJsonLd(
      dentistJsonLd({
        ...organization,
        name: brand.clinicName,
        description: messages.seo.descriptions.clinic,
        email: settings.clinicEmail,
        latitude: settings.map.latitude,
        longitude: settings.map.longitude,
      }),
    )
  }
  // Courses only where the page shows them: the online courses at home, the featured ones on Courses.
  const courseIds: readonly CourseId[] = kind === 'academy-home' ? ONLINE_COURSE_IDS : kind === 'academy-courses' ? FEATURED_COURSE_IDS : []
  const { names, descriptions } = messages.academy.courses
  return serializeJsonLd(
    academyJsonLd(
      { ...organization, name: brand.academyName, description: messages.seo.descriptions.academy, email: settings.academyEmail },
      courseIds.map((id) => ({ id, name: names[id], description: descriptions[id], feeAfn: courseFees?.[id] })),
    ),
  )
}
