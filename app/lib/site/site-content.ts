/**
 * Stored content over the message catalogue. Staff change texts by their catalogue path
 * ('clinic.hero.title'); a page in a language shows, for each such text:
 *   the stored translation → the stored English → the catalogue's text for the language
 *   (which itself falls back to the catalogue's English).
 */
import type { Locale } from '../i18n/locale'
import { CONTENT_FIELDS, type Content, type LocalizedText } from './editor-schemas'
import { COURSES, type CourseId } from './site-data'

/** The text a page in `locale` shows for a stored text, or null to keep the catalogue's. */
export function resolveStoredText(stored: LocalizedText | undefined, locale: Locale): string | null {
  if (!stored) return null
  const own = stored[locale]?.trim()
  if (own) return own
  const english = stored.en?.trim()
  return english || null
}

function getPath(tree: unknown, path: string): unknown {
  let node = tree
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return node
}

/** A copy of `tree` with the string at `path` replaced; untouched branches are shared, never mutated. */
function setPath<T>(tree: T, parts: string[], value: string): T {
  const [head, ...rest] = parts
  if (head === undefined) return value as T
  const node = tree as Record<string, unknown>
  if (!(head in node)) return tree
  return { ...node, [head]: rest.length ? setPath(node[head], rest, value) : value } as T
}

/**
 * The messages of a page with the stored content applied. Only the namespaces present in
 * `messages` are touched, so it works for the public subset as well as the full catalogue.
 */
export function applyContent<T extends object>(messages: T, content: Content, locale: Locale): T {
  let result = messages
  for (const field of CONTENT_FIELDS) {
    const text = resolveStoredText(content.texts[field.path], locale)
    if (text === null) continue
    const parts = field.path.split('.')
    if (!(parts[0]! in (result as Record<string, unknown>))) continue
    if (typeof getPath(result, field.path) !== 'string') continue
    result = setPath(result, parts, text)
  }
  return result
}

/** The course fees in Afghani as published (null: 'Contact for details'). */
export function courseFees(content: Content): Record<CourseId, number | null> {
  return Object.fromEntries(
    COURSES.map((course) => [course.id, course.id in content.fees ? (content.fees[course.id] ?? null) : course.feeAfn]),
  ) as Record<CourseId, number | null>
}

/** The catalogue's text at a path in one language, without falling back to another language. */
export function catalogueText(catalogue: unknown, path: string): string {
  const value = getPath(catalogue, path)
  return typeof value === 'string' ? value : ''
}
