/**
 * A post's body: Markdown (CommonMark: headings, lists, links, emphasis, quotes, code, images)
 * rendered on the server by markdown-it with raw HTML off, then sanitised by sanitize-html with a
 * short allowlist (docs/decisions/036-posts.md). Links may go to http(s), mail and phone addresses
 * or the site's own paths; external ones get rel="noopener". Images must be the media library's
 * (`/media/<name>-<width>.webp`); any other image is left out, its description kept as text.
 */
import MarkdownIt from 'markdown-it'
import sanitizeHtml from 'sanitize-html'
import { MEDIA_FILE } from '../media/media'

const SAFE_LINK = /^(?:https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i
const MEDIA_IMAGE = /^\/media\/([^/?#]+)$/

/** Whether a Markdown link may be kept: http(s), mail, phone, the site's own paths and anchors; never `javascript:` or `data:`. */
export function isSafeLink(url: string): boolean {
  const trimmed = url.trim()
  // Control characters and backslashes can hide a scheme from a browser's eyes ('java\tscript:').
  if ([...trimmed].some((char) => char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f || char === '\\')) return false
  return SAFE_LINK.test(trimmed)
}

/** Whether an image reference is one of the media library's files. */
function isMediaImage(url: string): boolean {
  const match = MEDIA_IMAGE.exec(url.trim())
  return Boolean(match && MEDIA_FILE.test(match[1]!))
}

const markdown = new MarkdownIt('commonmark', { html: false, linkify: false, typographer: false })
markdown.validateLink = isSafeLink

// A post's title is the page's h1: the body's headings start at h2.
markdown.renderer.rules.heading_open = (tokens, index) => `<h${Math.min(6, Number(tokens[index]!.tag.slice(1)) + 1)}>`
markdown.renderer.rules.heading_close = (tokens, index) => `</h${Math.min(6, Number(tokens[index]!.tag.slice(1)) + 1)}>\n`

const defaultImage = markdown.renderer.rules.image!
markdown.renderer.rules.image = (tokens, index, options, env, self) => {
  const token = tokens[index]!
  const src = String(token.attrGet('src') ?? '')
  const alt = self.renderInlineAsText(token.children ?? [], options, env)
  if (!isMediaImage(src)) return markdown.utils.escapeHtml(alt)
  token.attrSet('loading', 'lazy')
  token.attrSet('decoding', 'async')
  return defaultImage(tokens, index, options, env, self)
}

const ALLOWED: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'h2', 'h3', 'h4', 'h5', 'h6', 'ul', 'ol', 'li', 'a', 'em', 'strong', 'blockquote', 'code', 'pre', 'hr', 'br', 'img'],
  allowedAttributes: { a: ['href', 'rel', 'title'], img: ['src', 'alt', 'title', 'loading', 'decoding'], ol: ['start'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'escape',
  exclusiveFilter: (frame) => frame.tag === 'img' && !isMediaImage(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => {
      const href = attribs.href ?? ''
      const external = /^https?:\/\//i.test(href)
      return { tagName, attribs: external ? { ...attribs, rel: 'noopener' } : { ...attribs, rel: '' } }
    },
  },
}

/** A body's Markdown as safe HTML for the post page. */
export function renderMarkdown(source: string): string {
  return sanitizeHtml(markdown.render(source), ALLOWED).replace(/ rel=""/g, '')
}
