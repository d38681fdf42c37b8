import type { MetaDescriptor } from 'react-router'

/** A post page's title and description for search engines and link previews, under the site's name. */
export function postMeta(post: { title: string; summary: string } | undefined, siteName: string | undefined): MetaDescriptor[] {
  if (!post || !siteName) return []
  const title = `${post.title} | ${siteName}`
  return [
    { title },
    { property: 'og:title', content: title },
    ...(post.summary
      ? [
          { name: 'description', content: post.summary },
          { property: 'og:description', content: post.summary },
        ]
      : []),
  ]
}
