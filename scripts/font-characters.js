// Prints, as JSON, the code points the Vazirmatn subset must hold (app/fonts/font-characters.ts:
// the Dari and Pashto catalogues, the default settings, number and date formatting, the alphabets).
// scripts/subset-vazirmatn.py runs it; Vite's module runner reads the TypeScript and the `~` alias.
//
//   node scripts/font-characters.js   → {"codePoints":[32,33,…],"notInVazirmatn":["؋","✅"]}
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'

const app = fileURLToPath(new URL('../app', import.meta.url))
const { module } = await runnerImport(`${app}/fonts/font-characters.ts`, {
  configFile: false,
  logLevel: 'error',
  resolve: { alias: { '~': app } },
})
process.stdout.write(`${JSON.stringify({ codePoints: module.fontCodePoints(), notInVazirmatn: [...module.NOT_IN_VAZIRMATN] })}\n`)
