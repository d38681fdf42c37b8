import { COMMON_PASSWORD_WORDS, COMMON_PASSWORDS } from './common-passwords.server'
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-length'

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'repetitive' | 'sequence' | 'containsUsername'

const KEYBOARD_ROWS = [
  '1234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  'abcdefghijklmnopqrstuvwxyz',
  '1qaz2wsx3edc4rfv5tgb6yhn',
  'qazwsxedcrfvtgbyhnujmikolp',
]
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '0': 'o',
  '1': 'i',
  '!': 'i',
  '3': 'e',
  $: 's',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
}

const commonPasswords = new Set(COMMON_PASSWORDS)
const commonWords = new Set(COMMON_PASSWORD_WORDS)

function isSequence(text: string): boolean {
  if (text.length < 4) return false
  for (const row of KEYBOARD_ROWS) {
    const doubled = row + row
    const reversed = [...doubled].reverse().join('')
    if (doubled.includes(text) || reversed.includes(text)) return true
  }
  return false
}

/** True when the text is nothing but keyboard or alphabet runs of three or more: 'zxcvbnmasdfghjkl'. */
function isMadeOfSequences(text: string): boolean {
  let index = 0
  while (index < text.length) {
    let end = index
    for (let candidate = text.length; candidate >= index + 3; candidate--) {
      if (isSequence(text.slice(index, candidate)) || (candidate - index === 3 && isRun3(text.slice(index, candidate)))) {
        end = candidate
        break
      }
    }
    if (end === index) return false
    index = end
  }
  return text.length > 0
}

function isRun3(text: string): boolean {
  return KEYBOARD_ROWS.some((row) => (row + row).includes(text) || [...(row + row)].reverse().join('').includes(text))
}

/** True when the text is one short chunk (up to 4 characters) repeated, such as 'aaaa…' or 'abcabc…'. */
function isRepetition(text: string): boolean {
  for (let size = 1; size <= 4 && size * 2 <= text.length; size++) {
    const chunk = text.slice(0, size)
    if (chunk.repeat(Math.ceil(text.length / size)).slice(0, text.length) === text) return true
  }
  return false
}

/** What is left when digits, symbols and spaces are removed from both ends: 'Password2024!' → 'password'. */
function core(text: string): string {
  return text.replace(/^[^a-z]+/, '').replace(/[^a-z]+$/, '')
}

function deLeet(text: string): string {
  return [...text].map((char) => LEET[char] ?? char).join('')
}

/**
 * The first problem with a new password, or null when it is acceptable. Rules: at least 12
 * characters, not a well-known password, not a common word padded with digits or symbols, not a
 * repetition or keyboard sequence, and not containing the username.
 */
export function checkPasswordStrength(password: string, username = ''): PasswordProblem | null {
  const length = [...password].length
  if (length < MIN_PASSWORD_LENGTH) return 'tooShort'
  if (length > MAX_PASSWORD_LENGTH) return 'tooLong'
  const lower = password.toLowerCase()
  const compact = lower.replace(/[\s_.-]+/g, '')
  if (isRepetition(compact) || new Set(compact).size < 5) return 'repetitive'
  if (isMadeOfSequences(compact) || isSequence(core(compact))) return 'sequence'
  const user = username.trim().toLowerCase()
  if (user.length >= 3 && (compact.includes(user.replace(/[\s_.-]+/g, '')) || deLeet(compact).includes(user))) {
    return 'containsUsername'
  }
  const candidates = new Set([lower, compact, deLeet(compact), deLeet(core(compact))])
  for (const candidate of [...candidates]) {
    candidates.add(core(candidate))
    // A common word alone, twice, or followed by a sequence: 'Password2024!', 'passwordpassword', 'qwertyasdfgh'.
    const base = core(candidate)
    for (const word of commonWords) {
      if (!base.startsWith(word)) continue
      const rest = core(base.slice(word.length))
      if (rest === '' || commonWords.has(rest) || isSequence(rest) || isRepetition(rest)) return 'common'
    }
  }
  for (const candidate of candidates) {
    if (commonPasswords.has(candidate) || commonWords.has(candidate)) return 'common'
    if (isRepetition(candidate) && candidate.length > 0) return 'repetitive'
    if (isSequence(candidate)) return 'sequence'
  }
  return null
}
