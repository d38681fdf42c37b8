import type { PublicMessages } from '~/locales'
import type { Locale } from '../i18n/locale'
import { academyJsonLd, dentistJsonLd, serializeJsonLd } from './seo'
import { structuredDataKind } from './structured-data'
import type { CourseCard } from '../site/collections'
import type { SiteSettings } from '../site/site-settings'

interface Facts {
  path: string
  locale: Locale
  publicUrl: string
  messages: PublicMessages
  settings: SiteSettings
  /** The courses shown (lib/site/collections.ts), in order. */
  courses?: readonly CourseCard[]
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
  // Courses only where the page shows them: the online courses at home, the featured ones on Courses.
  const mode = kind === 'academy-home' ? 'online' : kind === 'academy-courses' ? 'inPerson' : null
  const shown = courses.filter((course) => course.mode === mode)
  return serializeJsonLd(
    academyJsonLd(
      { ...organization, name: brand.academyName, description: messages.seo.descriptions.academy, email: settings.academyEmail },
      shown.map((course) => ({ ...course, online: course.mode === 'online' })),
    ),
  )
}
