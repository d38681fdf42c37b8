/**
 * The characters no form accepts: control characters (C0 and C1, DEL) other than tab, line feed
 * and carriage return, lone UTF-16 surrogates and Unicode noncharacters (U+FFFE, U+FDD0 …).
 * Nobody types them; PostgreSQL refuses NUL in text outright, and the others hide text in the
 * admin screens and the CSV export. Tab and line breaks are white space: multi-line fields keep
 * them, single-line fields fold them into one space.
 *
 * The public forms refuse such a value with a field message (`controlCharacters`); the staff
 * forms remove the characters when the form is read (read-form.server.ts).
 */

const FORBIDDEN = /[^\P{Cc}\t\n\r]|\p{Cs}|\p{Noncharacter_Code_Point}/u
const FORBIDDEN_ALL = new RegExp(FORBIDDEN.source, 'gu')

export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN.test(value)
}

export function removeForbiddenCharacters(value: string): string {
  return value.replace(FORBIDDEN_ALL, '')
}
