import { afterEach, vi } from 'vitest'

// A test fails when the code under test logs an unexpected console.error.
let errors: unknown[][] = []
const original = console.error
console.error = (...args: unknown[]) => {
  errors.push(args)
  original(...args)
}

afterEach(() => {
  const logged = errors
  errors = []
  vi.restoreAllMocks()
  if (logged.length > 0) throw new Error(`Unexpected console.error: ${logged.map((a) => a.join(' ')).join('\n')}`)
})
