/**
 * React Router 7's build tools pass Vite the option `envFile: false`, which Vite 8 has deprecated:
 * every build then prints the deprecation several times. React Router 8 passes `envDir: false`,
 * which means the same (no .env files are read); this rewrites the installed 7.x files to match.
 * Runs after `npm install`; does nothing once the files say `envDir` (or React Router is upgraded).
 */
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const FILES = ['vite.js', 'vite/cloudflare.js', 'cli/index.js'].map((file) => path.join(root, 'node_modules/@react-router/dev/dist', file))

for (const file of FILES) {
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    continue
  }
  if (text.includes('envFile: false')) writeFileSync(file, text.replaceAll('envFile: false', 'envDir: false'))
}
