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

/**
 * Where a glossary form occurs in a text: whole words only; `form…` any word starting with it,
 * `…form` any word ending with it, `=form` only the whole text.
 */
export function findForm(text: string, form: string): boolean {
  if (form.startsWith('=')) return text.trim() === form.slice(1)
  const prefix = form.endsWith('…')
  const suffix = form.startsWith('…')
  const core = form.replace(/^…|…$/g, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const before = suffix ? '' : `(?<!${LETTER})`
  const after = prefix ? '' : `(?!${LETTER})`
  return new RegExp(`${before}${core}${after}`, 'u').test(text)
}
