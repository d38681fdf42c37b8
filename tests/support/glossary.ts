import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

/** app/locales/GLOSSARY.md, read as the tests and the review page use it. */
const GLOSSARY_PATH = fileURLToPath(new URL('../../app/locales/GLOSSARY.md', import.meta.url))

interface Concept {
  concept: string
  english: string
  fa: string
  ps: string
  notInFa: string[]
  notInPs: string[]
}

/** The rows of the table under a `## heading`, each a list of its cells. */
function tableRows(markdown: string, heading: string): string[][] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(heading))
  if (!section) throw new Error(`GLOSSARY.md has no section "${heading}"`)
  return section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2) // the header and its rule
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    )
}

const forms = (cell: string | undefined) =>
  cell
    ? cell
        .split(' / ')
        .map((form) => form.trim())
        .filter(Boolean)
    : []

export function readGlossary(markdown = readFileSync(GLOSSARY_PATH, 'utf8')) {
  const concepts: Concept[] = tableRows(markdown, 'Concepts').map(([concept = '', english = '', fa = '', ps = '', notInFa, notInPs]) => ({
    concept,
    english,
    fa,
    ps,
    notInFa: forms(notInFa),
    notInPs: forms(notInPs),
  }))
  const iranian = tableRows(markdown, 'Iranian forms').map(([form = '', afghan = '']) => ({ form, afghan }))
  return { concepts, iranian }
}

/** The letters of Dari and Pashto words (with their vowel marks and the zero-width non-joiner). */
const LETTER = '[\\u0620-\\u065F\\u066E-\\u06D3\\u06D5\\u06EE-\\u06FF\\u200C]'
const ZWNJ = '\\u200C'

/** Spaces as one plain space, and no zero-width non-joiner beside a space (a typing slip, not a spelling). */
const normalise = (text: string) =>
  text
    .replace(/[\s\u00A0\u202F]+/g, ' ')
    .replace(/\u200C*( )\u200C*/g, '$1')
    .replace(/^\u200C+|\u200C+$/g, '')
    .trim()

/** A short word that may sit inside a banned phrase without changing it: «دا», «این», «را», «یې». */
const SHORT_WORD = `${LETTER.replace('\\u200C', '')}{1,3}`

/**
 * Where a glossary form occurs in a text, anywhere in it (a message, a sentence or a phrase inside
 * one). The form is matched on its own word boundaries: it neither starts nor ends inside a longer
 * word, except that a suffix joined by the zero-width non-joiner still counts («نشست» is found in
 * «نشست‌ها»). Between two words of a form one short word may stand («د مدیریت پاڼ…» is found in
 * «د مدیریت دا پاڼه»). `form…` matches any word starting with it, `…form` any word ending with it,
 * `=form` only the whole text. Spaces are normalised in both; a non-joiner inside a word is kept, so
 * «ثبت نام» (a space) is not «ثبت‌نام» (a non-joiner).
 */
export function findForm(text: string, form: string): boolean {
  const plain = normalise(text)
  if (form.startsWith('=')) return plain === normalise(form.slice(1))
  const prefix = form.endsWith('…')
  const suffix = form.startsWith('…')
  const words = normalise(form.replace(/^…|…$/g, ''))
    .split(' ')
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  const core = words.join(`(?: ${SHORT_WORD})? `)
  const before = suffix ? '' : `(?<!${LETTER})`
  const after = prefix ? '' : `(?=${ZWNJ}|(?!${LETTER}))`
  return new RegExp(`${before}${core}${after}`, 'u').test(plain)
}
