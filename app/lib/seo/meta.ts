import { format, type PageMessages } from '~/locales'

/**
 * The <title> and description of a public page: '<page> | <site name>'. `messages` is the root
 * loader's (absent when the root loader failed; the error page then keeps its own title).
 */
export function pageMeta(
  messages: PageMessages | undefined,
  pick: (messages: PageMessages) => { page: string; site: 'clinic' | 'academy'; description?: string },
) {
  if (!messages) return []
  const { page, site, description } = pick(messages)
  const siteName = site === 'clinic' ? messages.common.brand.clinicName : messages.common.brand.academyName
  const title = format(messages.common.pageTitle, { page, site: siteName })
  // Canonical, hreflang and the other Open Graph tags come from components/document-head.tsx.
  return [
    { title },
    { property: 'og:title', content: title },
    ...(description
      ? [
          { name: 'description', content: description },
          { property: 'og:description', content: description },
        ]
      : []),
  ]
}
