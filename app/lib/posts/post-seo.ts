/**
 * What a post page gives search engines and sharing: canonical and hreflang links for the
 * languages it is written in, Open Graph and Twitter card tags with its cover image, and its
 * schema.org JSON-LD (BlogPosting for an article or a news item, Event for an event).
 */
import { LOCALE_INFO, type Locale } from '../i18n/locale'
import { absoluteUrl, serializeJsonLd, type HeadDescriptor } from '../seo/seo'
import { postPath, type PostStream } from './posts'

const OG_LOCALE: Record<Locale, string> = { en: 'en_US', fa: 'fa_AF', ps: 'ps_AF' }

export interface PostSeoFacts {
  id: number
  slug: string
  stream: PostStream
  title: string
  summary: string
  shownIn: Locale
  languages: Locale[]
  publishAt: string
  updatedAt: string
  author: string
  cover: { src: string; width: number; height: number; alt: string } | null
  event: { start: string; end: string | null; place: string } | null
}

/** The head tags of a post page in `locale` (its texts may be in another language: `shownIn`). */
export function postHeadTags(post: PostSeoFacts, locale: Locale, publicUrl: string, siteName: string, preview: boolean): HeadDescriptor[] {
  const url = absoluteUrl(publicUrl, postPath(post, locale))
  const written = post.languages.length ? post.languages : [post.shownIn]
  const tags: HeadDescriptor[] = [
    { tagName: 'link', rel: 'canonical', href: url },
    ...written.map((language): HeadDescriptor => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: LOCALE_INFO[language].tag,
      href: absoluteUrl(publicUrl, postPath(post, language)),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absoluteUrl(publicUrl, postPath(post, written.includes('en') ? 'en' : written[0]!)),
    },
    { tagName: 'meta', property: 'og:type', content: 'article' },
    { tagName: 'meta', property: 'og:url', content: url },
    { tagName: 'meta', property: 'og:site_name', content: siteName },
    { tagName: 'meta', property: 'og:locale', content: OG_LOCALE[post.shownIn] },
    { tagName: 'meta', property: 'article:published_time', content: post.publishAt },
    { tagName: 'meta', property: 'article:modified_time', content: post.updatedAt },
    { tagName: 'meta', name: 'twitter:card', content: post.cover ? 'summary_large_image' : 'summary' },
    { tagName: 'meta', name: 'twitter:title', content: post.title },
  ]
  if (post.summary) tags.push({ tagName: 'meta', name: 'twitter:description', content: post.summary })
  if (post.cover) {
    const image = absoluteUrl(publicUrl, post.cover.src)
    tags.push(
      { tagName: 'meta', property: 'og:image', content: image },
      { tagName: 'meta', property: 'og:image:width', content: String(post.cover.width) },
      { tagName: 'meta', property: 'og:image:height', content: String(post.cover.height) },
      { tagName: 'meta', property: 'og:image:alt', content: post.cover.alt },
      { tagName: 'meta', name: 'twitter:image', content: image },
      { tagName: 'meta', name: 'twitter:image:alt', content: post.cover.alt },
    )
  }
  if (preview) tags.push({ tagName: 'meta', name: 'robots', content: 'noindex, nofollow' })
  return tags
}

/** The post's JSON-LD, serialised safely for a <script type="application/ld+json">. */
export function postJsonLd(post: PostSeoFacts, locale: Locale, publicUrl: string, siteName: string): string {
  const url = absoluteUrl(publicUrl, postPath(post, locale))
  const image = post.cover ? [absoluteUrl(publicUrl, post.cover.src)] : undefined
  const publisher = {
    '@type': post.stream === 'news' ? 'EducationalOrganization' : 'Dentist',
    name: siteName,
    url: absoluteUrl(publicUrl, post.stream === 'news' ? '/academy' : '/clinic'),
  }
  const data = post.event
    ? {
        '@context': 'https://schema.org',
        '@type': 'Event',
        name: post.title,
        description: post.summary || undefined,
        startDate: post.event.start,
        endDate: post.event.end ?? undefined,
        eventStatus: 'https://schema.org/EventScheduled',
        eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
        location: {
          '@type': 'Place',
          name: post.event.place || siteName,
          address: { '@type': 'PostalAddress', addressLocality: locale === 'en' ? 'Kabul' : 'کابل', addressCountry: 'AF' },
        },
        organizer: publisher,
        image,
        url,
        inLanguage: LOCALE_INFO[post.shownIn].tag,
      }
    : {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description: post.summary || undefined,
        datePublished: post.publishAt,
        dateModified: post.updatedAt,
        author: { '@type': 'Person', name: post.author || siteName },
        publisher,
        image,
        url,
        mainEntityOfPage: url,
        inLanguage: LOCALE_INFO[post.shownIn].tag,
      }
  return serializeJsonLd(data)
}
