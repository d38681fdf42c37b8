import { useLocation, useMatches } from 'react-router'
import inter400 from '@fontsource/inter/files/inter-latin-400-normal.woff2?url'
import inter700 from '@fontsource/inter/files/inter-latin-700-normal.woff2?url'
import lato400 from '@fontsource/lato/files/lato-latin-400-normal.woff2?url'
import lato700 from '@fontsource/lato/files/lato-latin-700-normal.woff2?url'
import montserrat400 from '@fontsource/montserrat/files/montserrat-latin-400-normal.woff2?url'
import montserrat700 from '@fontsource/montserrat/files/montserrat-latin-700-normal.woff2?url'
import poppins400 from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url'
import poppins700 from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url'
import roboto400 from '@fontsource/roboto/files/roboto-latin-400-normal.woff2?url'
import roboto700 from '@fontsource/roboto/files/roboto-latin-700-normal.woff2?url'
import vazirmatn400 from '~/fonts/vazirmatn-dari-pashto-400.woff2?url'
import vazirmatn700 from '~/fonts/vazirmatn-dari-pashto-700.woff2?url'
import type { FontFamily } from '~/lib/site/theme'
import { LOCALE_INFO, splitLocalePath, type Locale } from '~/lib/i18n/locale'
import { useNonce } from '~/lib/platform/nonce'
import { isPublicPath, seoHeadTags, type HeadDescriptor } from '~/lib/seo/seo'
import type { PageMessages } from '~/locales'

/** The Latin files of each theme font (the same hashed files the stylesheet's @font-face rules name). */
const THEME_FONT_FILES: Record<FontFamily, readonly [string, string]> = {
  Poppins: [poppins400, poppins700],
  Inter: [inter400, inter700],
  Roboto: [roboto400, roboto700],
  Lato: [lato400, lato700],
  Montserrat: [montserrat400, montserrat700],
}

/**
 * Each page preloads the two faces (regular, bold) it draws its text with, so the text is laid
 * out in them from the first paint and does not shift when they arrive: Dari and Pashto pages
 * the Vazirmatn subset (and no theme font), English pages the theme font (and no Vazirmatn).
 * English staff pages (`staff`) also preload regular Vazirmatn: the editor's Dari and Pashto
 * fields are drawn in it from the first paint.
 */
export function FontPreloads({ locale, font, staff = false }: { locale: Locale; font: FontFamily | undefined; staff?: boolean }) {
  const rtl = LOCALE_INFO[locale].dir === 'rtl'
  const theme = font ? THEME_FONT_FILES[font] : []
  const files = rtl ? [vazirmatn400, vazirmatn700] : staff ? [...theme, vazirmatn400] : theme
  return (
    <>
      {files.map((href) => (
        <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="anonymous" />
      ))}
    </>
  )
}

interface RootFacts {
  locale: Locale
  publicUrl: string
  messages: PageMessages
  /** The page's schema.org JSON-LD, serialized on the server. */
  structuredData: string | null
}

/** A post page's head: its tags and its JSON-LD, serialised safely on the server. */
interface PostSeo {
  tags: HeadDescriptor[]
  jsonLd: string
}

function headTagKey(tag: HeadDescriptor): string {
  return `${tag.tagName}:${'rel' in tag ? `${tag.rel}:${tag.hrefLang ?? ''}` : (tag.property ?? tag.name)}:${'content' in tag ? tag.content : ''}`
}

function HeadTag({ tag }: { tag: HeadDescriptor }) {
  if (tag.tagName === 'link') return <link rel={tag.rel} href={tag.href} hrefLang={tag.hrefLang} />
  return <meta property={tag.property} name={tag.name} content={tag.content} />
}

/**
 * Canonical link, hreflang alternates (en, fa-AF, ps-AF, x-default), Open Graph URL/locale/site
 * tags and schema.org JSON-LD for every public page. Pages give their own title and description
 * in their `meta` export (lib/seo/meta.ts). Not-found and admin pages get none of these.
 */
export function SeoHead({ root }: { root: RootFacts | undefined }) {
  const location = useLocation()
  const matches = useMatches()
  const nonce = useNonce()
  if (!root) return null
  if (matches.some((match) => match.id === 'routes/not-found')) return null
  const { path } = splitLocalePath(location.pathname)
  // A post's page gives its own tags and JSON-LD (lib/posts/post-seo.ts), in the languages it is written in.
  const postSeo = matches.map((match) => (match.loaderData as { postSeo?: PostSeo } | undefined)?.postSeo).find(Boolean)
  if (postSeo) {
    return (
      <>
        {postSeo.tags.map((tag) => (
          <HeadTag key={headTagKey(tag)} tag={tag} />
        ))}
        <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: postSeo.jsonLd }} />
      </>
    )
  }
  if (!isPublicPath(path)) return null

  const { locale, publicUrl, messages } = root
  const brand = messages.common.brand
  const isAcademy = path.startsWith('/academy') || path === '/login'
  const siteName = isAcademy ? brand.academyName : brand.clinicName
  const tags = seoHeadTags({ path, locale, publicUrl, siteName })

  return (
    <>
      {tags.map((tag) => (
        <HeadTag key={headTagKey(tag)} tag={tag} />
      ))}
      {root.structuredData ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          // Built by the root loader (lib/seo/structured-data.server.ts); serializeJsonLd escapes '<'.
          dangerouslySetInnerHTML={{ __html: root.structuredData }}
        />
      ) : null}
    </>
  )
}
