/**
 * What a Dari or Pashto page shows a reader: its visible texts, any English left in them, and
 * whether phone numbers read left to right inside right-to-left text.
 */
import type { Page } from '@playwright/test'

/** Latin-script words a Dari or Pashto page may show: a technical course name. */
const LATIN_ALLOWED = new Set(['CAD', 'CAM'])
const EMAIL_OR_URL = /[\w.+-]+@[\w-]+(\.[\w-]+)+|https?:\/\/\S+|www\.\S+/g

/** Visible text (including screen-reader text) and the accessible-name attributes of a page. */
export async function pageTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const texts: string[] = []
    const skip = (element: Element | null) =>
      !element ||
      element.closest('script, style, noscript, template, [lang="en"]') !== null ||
      !(element as HTMLElement).checkVisibility({ visibilityProperty: true })
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim()
      if (text && !skip(node.parentElement)) texts.push(text)
    }
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
      if (element.closest('[lang="en"]')) continue
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = element.getAttribute(name)?.trim()
        if (value) texts.push(value)
      }
    }
    texts.push(document.title)
    return texts
  })
}

export function latinWords(texts: string[]): string[] {
  const words = new Set<string>()
  for (const text of texts) {
    for (const word of text.replace(EMAIL_OR_URL, ' ').match(/[A-Za-z]+/g) ?? []) {
      if (!LATIN_ALLOWED.has(word)) words.add(`${word}  (in: ${text.slice(0, 80)})`)
    }
  }
  return [...words]
}

/** True when the first character of every visible tel: link is drawn left of its last one. */
export async function phonesReadLeftToRight(page: Page): Promise<{ text: string; ok: boolean }[]> {
  return page.evaluate(() => {
    const results: { text: string; ok: boolean }[] = []
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')) {
      if (!link.checkVisibility()) continue
      const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT)
      const nodes: Text[] = []
      for (let node = walker.nextNode(); node; node = walker.nextNode()) if (/\d/.test(node.textContent ?? '')) nodes.push(node as Text)
      const first = nodes[0]
      const last = nodes.at(-1)
      if (!first || !last) continue
      const box = (node: Text, index: number) => {
        const range = document.createRange()
        range.setStart(node, index)
        range.setEnd(node, index + 1)
        return range.getBoundingClientRect()
      }
      const text = nodes.map((n) => n.textContent).join('')
      const start = box(first, first.textContent!.search(/[+\d]/))
      const end = box(last, last.textContent!.length - 1)
      // Same line: the '+' or first digit must be left of the last digit.
      results.push({ text, ok: Math.abs(start.top - end.top) > start.height || start.left < end.left })
    }
    return results
  })
}
