/**
 * Lists of names the schema stores as text that browser code needs too (the Posts screen's
 * filters). Plain values with no import: the schema's own modules bring drizzle-orm along, which
 * has no place in a page's JavaScript.
 */
export const POST_STREAMS = ['news', 'articles'] as const
export type PostStream = (typeof POST_STREAMS)[number]
export const POST_STATUSES = ['draft', 'scheduled', 'published', 'archived'] as const
export type PostStatus = (typeof POST_STATUSES)[number]
