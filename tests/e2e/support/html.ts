/** Small, dependency-free readers for the server-rendered HTML and its headers. */

/** The directives of a Content-Security-Policy header: name → sources. */
export function parseCsp(header: string): Map<string, string[]> {
  const directives = new Map<string, string[]>()
  for (const part of header.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/)
    if (name) directives.set(name.toLowerCase(), sources)
  }
  return directives
}

export interface HtmlTag {
  name: string
  attributes: Record<string, string>
  /** The text between the opening and the closing tag, for <script> and <style>. */
  content?: string
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" }

function decodeEntities(value: string): string {
  return value.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => ENTITIES[name] ?? '')
}

/**
 * Every start tag of the given names ('*' for all), with its attributes (names lower-cased,
 * entities decoded).
 */
export function findTags(html: string, names: readonly string[]): HtmlTag[] {
  const tags: HtmlTag[] = []
  const wanted = new Set(names.map((name) => name.toLowerCase()))
  const all = wanted.has('*')
  // Script and style bodies are skipped as raw text, so markup inside them is not mistaken for tags.
  const tagPattern = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s=/>]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>"']+))?)*)\s*\/?>/g
  const attributePattern = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>"']+)))?/g
  let match: RegExpExecArray | null
  while ((match = tagPattern.exec(html))) {
    const name = match[1]!.toLowerCase()
    const attributes: Record<string, string> = {}
    for (const attribute of (match[2] ?? '').matchAll(attributePattern)) {
      attributes[attribute[1]!.toLowerCase()] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '')
    }
    let content: string | undefined
    if (name === 'script' || name === 'style') {
      const end = html.toLowerCase().indexOf(`</${name}`, tagPattern.lastIndex)
      content = html.slice(tagPattern.lastIndex, end === -1 ? undefined : end)
      if (end !== -1) tagPattern.lastIndex = end
    }
    if (all || wanted.has(name)) tags.push({ name, attributes, content })
  }
  return tags
}

/** <link rel> values that make the browser fetch something (as opposed to canonical, alternate, ...). */
const FETCHING_LINK_RELS = new Set([
  'stylesheet',
  'icon',
  'shortcut',
  'apple-touch-icon',
  'mask-icon',
  'manifest',
  'preload',
  'modulepreload',
  'prefetch',
  'prerender',
  'preconnect',
  'dns-prefetch',
])

export interface ResourceReference {
  tag: string
  attribute: string
  url: string
}

/**
 * Every URL in the page that the browser loads or sends data to without the visitor following a
 * link: scripts, styles, icons, preloads, images, media, fonts, frames, objects and form targets.
 * Plain links (<a href>) and metadata links (canonical, alternate) are navigation, not resources.
 */
export function resourceReferences(html: string): ResourceReference[] {
  const references: ResourceReference[] = []
  const add = (tag: string, attribute: string, url: string | undefined) => {
    if (url !== undefined && url.trim() !== '') references.push({ tag, attribute, url: url.trim() })
  }
  const tags = findTags(html, [
    'script',
    'link',
    'img',
    'source',
    'video',
    'audio',
    'track',
    'iframe',
    'frame',
    'embed',
    'object',
    'form',
    'input',
    'button',
    'image',
    'use',
  ])
  for (const { name, attributes } of tags) {
    switch (name) {
      case 'link': {
        const rels = (attributes.rel ?? '').toLowerCase().split(/\s+/)
        if (rels.some((rel) => FETCHING_LINK_RELS.has(rel))) add(name, 'href', attributes.href)
        if (attributes.imagesrcset) for (const url of srcsetUrls(attributes.imagesrcset)) add(name, 'imagesrcset', url)
        break
      }
      case 'form':
        add(name, 'action', attributes.action)
        break
      case 'input':
      case 'button':
        add(name, 'formaction', attributes.formaction)
        if (name === 'input') add(name, 'src', attributes.src)
        break
      case 'object':
        add(name, 'data', attributes.data)
        break
      case 'image':
      case 'use':
        add(name, 'href', attributes.href ?? attributes['xlink:href'])
        break
      default:
        add(name, 'src', attributes.src)
        add(name, 'poster', attributes.poster)
        if (attributes.srcset) for (const url of srcsetUrls(attributes.srcset)) add(name, 'srcset', url)
    }
  }
  // Inline styles may load fonts and images with url(...).
  for (const { content } of findTags(html, ['style'])) {
    for (const match of (content ?? '').matchAll(/url\(\s*(['"]?)([^'")]+)\1\s*\)/g)) add('style', 'url()', match[2])
  }
  return references
}

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean)
}

/** True for a URL that stays on the page's own origin (relative, same origin, or inline data). */
export function isSameOrigin(url: string, pageUrl: string): boolean {
  if (/^(data|blob):/i.test(url)) return true
  if (url.startsWith('#')) return true
  try {
    return new URL(url, pageUrl).origin === new URL(pageUrl).origin
  } catch {
    return false
  }
}
