import type { PublicMessages } from '~/locales'
import type { Locale } from '../i18n/locale'
import { academyJsonLd, dentistJsonLd, serializeJsonLd } from './seo'
import { structuredDataKind } from './structured-data'
import type { SiteSettings } from '../site/site-settings'

interface Facts {
  path: string
  locale: Locale
  publicUrl: string
  messages: PublicMessages
  settings: SiteSettings
  /** The open courses as the page lists them (lib/forms/course-entry.ts). */
  courses?: readonly ListedCourse[]
}

interface ListedCourse {
  id: string
  name: string
  mode: 'inPerson' | 'online'
  feeAfn: number | null
}

/** The serialized JSON-LD for a public page: `Dentist` on the clinic, `EducationalOrganization` (+ `Course`) on the academy. */
export function structuredDataFor({ path, locale, publicUrl, messages, settings, courses = [] }: Facts): string | null {
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
  // Courses only where the page shows them: the online courses at home, the others on Courses.
  const mode = kind === 'academy-home' ? 'online' : kind === 'academy-courses' ? 'inPerson' : null
  const descriptions: Partial<Record<string, string>> = messages.academy.courses.descriptions
  return serializeJsonLd(
    academyJsonLd(
      { ...organization, name: brand.academyName, description: messages.seo.descriptions.academy, email: settings.academyEmail },
      courses
        .filter((course) => course.mode === mode)
        .map((course) => ({
          id: course.id,
          name: course.name,
          description: descriptions[course.id] ?? '',
          feeAfn: course.feeAfn,
          online: course.mode === 'online',
        })),
    ),
  )
}
