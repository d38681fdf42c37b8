type Tree = { [key: string]: string | Tree }

/** Every string of a message catalogue by its dotted path (a plural form's `one` and `other` separately). */
export function leaves(tree: unknown, prefix = ''): Map<string, string> {
  const result = new Map<string, string>()
  for (const [key, value] of Object.entries((tree ?? {}) as Tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') result.set(path, value)
    else for (const [p, v] of leaves(value, path)) result.set(p, v)
  }
  return result
}

/** The `{placeholder}` names of a message, sorted. */
export const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort()
