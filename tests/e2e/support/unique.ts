/** Names no other test uses, so that a test finds (and counts) its own rows and accounts. */

/** A person's name: the first name and a made-up family name of letters only, as the forms take names. */
export function uniqueName(first: string): string {
  const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('')
  return `${first} ${letters[0]!.toUpperCase()}${letters.slice(1)}`
}

/** A username or label: the prefix, the time and a random part. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
}
