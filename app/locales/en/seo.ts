/** Page titles and meta descriptions for search engines and sharing. */
export const seo = {} as const
