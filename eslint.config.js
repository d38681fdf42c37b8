import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y-x'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Layers: routes → components → lib → db, never upward. The patterns match `~/` and relative paths.
const UPWARD = {
  // The folder of route modules, not app/routes.ts (the URL table).
  routes: { regex: '^(~/|(\\.\\.?/)+)routes/', message: 'Only route modules import route modules (routes → components → lib → db).' },
  components: {
    regex: '^(~/|(\\.\\.?/)+)components(/|$)',
    message: 'app/lib is below app/components: move what both need down into app/lib (routes → components → lib → db).',
  },
  // Routes and components reach the tables through app/lib, which owns the queries.
  db: {
    regex: '^(~db/|(\\.\\.?/)+db/)',
    allowTypeImports: true,
    message: 'Only app/lib imports the database schema (routes → components → lib → db).',
  },
  app: { regex: '^(~/|(\\.\\.?/)+app(/|$))', message: 'db is the bottom layer: it imports nothing from app/.' },
}
// The server (server/) stands on app/lib and takes the rendering from the build's entry; the
// scripts (scripts/) stand on db/ and reach the app through its build or over HTTP.
const OUTSIDE = {
  server: {
    regex: '^(\\.\\.?/)+server(/|$)',
    message: 'Only the server entry (server.js) and scripts start the server: app/ reads what the server hands it from its typed context.',
  },
  scripts: { regex: '^(\\.\\.?/)+scripts/', message: 'Nothing imports scripts/: they are entry points.' },
  views: {
    regex: '^(~/|(\\.\\.?/)+app/)(components|routes)(/|$)',
    message: 'server/ imports no component or route: it takes what renders from the build (app/entry.server.tsx exports it).',
  },
  appFromScripts: {
    regex: '^(~/|(\\.\\.?/)+app(/|$))',
    allowTypeImports: true,
    message: 'Scripts reach the app through its build (BUILD_DIR/server/index.js) or over HTTP, not its sources.',
  },
}
// The schema's modules bring drizzle-orm with them: browser code names their types only.
const SCHEMA_VALUES = {
  regex: '^(~db/schema|(\\.\\.?/)+db/schema)',
  allowTypeImports: true,
  message: 'Browser code may import only types from the schema (drizzle-orm would reach the page); db/kinds.ts holds the values it needs.',
}
// Type-only imports are erased before bundling, so browser code may name a server module's types.
const SERVER_MODULE = {
  regex: '\\.server(\\.[cm]?[jt]sx?)?$|/\\.server/',
  allowTypeImports: true,
  message: 'Browser code must not import *.server modules: only route modules (for loaders and actions) and other server code may.',
}
/** @type {(...patterns: object[]) => import('eslint').Linter.RulesRecord} */
const restrictImports = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] })
// Every part of app/ (the options of one rule are not merged across blocks: each block names all).
/** @type {(...patterns: object[]) => import('eslint').Linter.RulesRecord} */
const appImports = (...patterns) => restrictImports(...patterns, OUTSIDE.server, OUTSIDE.scripts)

// Server modules and tests never reach the browser bundle.
const NOT_IN_BROWSER = ['**/*.server.{ts,tsx}', '**/.server/**', '**/*.test.{ts,tsx}']

/**
 * Which app/lib folders each folder may import (app/lib/README.md draws it). platform is the
 * bottom: it imports no feature. A folder not named here may not be imported.
 */
/** @type {Record<string, string[]>} */
const LIB_MAP = {
  platform: [],
  i18n: [],
  access: [],
  analytics: ['i18n', 'platform', 'requests', 'seo'],
  backups: ['platform'],
  contact: ['i18n'],
  'desk-events': ['access', 'mail', 'platform'],
  forms: ['contact', 'desk-events', 'i18n', 'offline', 'platform', 'site'],
  mail: ['access', 'desk-events', 'forms', 'i18n', 'platform'],
  offline: ['i18n', 'seo'],
  posts: ['i18n', 'media', 'platform', 'seo', 'site', 'staff'],
  gallery: ['i18n', 'media', 'platform', 'seo', 'site', 'staff'],
  media: ['i18n', 'platform', 'site'],
  requests: ['contact', 'forms', 'i18n', 'platform', 'site', 'staff'],
  seo: ['i18n', 'site'],
  site: ['contact', 'i18n', 'media', 'platform', 'staff'],
  staff: ['desk-events', 'forms', 'i18n', 'platform'],
}
/** @param {string} folder */
const libMapPattern = (folder) => {
  const denied = Object.keys(LIB_MAP).filter((other) => other !== folder && !LIB_MAP[folder].includes(other))
  return {
    regex: `^(~/lib/|(\\.\\./)+)(${denied.join('|')})/`,
    message: `app/lib/${folder} may import only ${LIB_MAP[folder].join(', ') || 'no other app/lib folder'} (the map in eslint.config.js, drawn in app/lib/README.md).`,
  }
}
const LIB_MAP_BLOCKS = Object.keys(LIB_MAP).flatMap((folder) => [
  {
    files: [`app/lib/${folder}/**`],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: appImports(UPWARD.routes, UPWARD.components, libMapPattern(folder)),
  },
  {
    files: [`app/lib/${folder}/**`],
    ignores: NOT_IN_BROWSER,
    rules: appImports(UPWARD.routes, UPWARD.components, SERVER_MODULE, SCHEMA_VALUES, libMapPattern(folder)),
  },
])

export default defineConfig(
  globalIgnores([
    'build/',
    'build-*/',
    'data/',
    'storage/',
    'test-results/',
    'playwright-report/',
    'coverage/',
    '.react-router/',
    '.ci/',
    'db/migrations/',
  ]),
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  // A module that outgrows a screen of reading is split by what it owns (tests are exempt: a spec
  // tells one screen's story, and its cases read best side by side).
  {
    files: ['**/*.{js,ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'tests/**'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.configs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  { files: ['app/lib/**', 'app/locales/**'], rules: appImports(UPWARD.routes, UPWARD.components) },
  { files: ['app/components/**'], rules: appImports(UPWARD.routes, UPWARD.db) },
  { files: ['app/routes/**', 'app/root.tsx', 'app/entry.server.tsx'], ignores: ['**/*.test.{ts,tsx}'], rules: appImports(UPWARD.db) },
  {
    files: ['app/lib/**', 'app/locales/**'],
    ignores: NOT_IN_BROWSER,
    rules: appImports(UPWARD.routes, UPWARD.components, SERVER_MODULE),
  },
  { files: ['app/components/**'], ignores: NOT_IN_BROWSER, rules: appImports(UPWARD.routes, UPWARD.db, SERVER_MODULE) },
  ...LIB_MAP_BLOCKS,
  { files: ['db/**'], rules: restrictImports(UPWARD.app) },
  // No module reaches itself again through its imports. Type-only imports are erased before the code
  // runs and are not followed (React Router's generated route types import their route module).
  {
    files: ['app/**/*.{ts,tsx}', 'server/**/*.{js,ts}', 'scripts/**/*.js', 'db/**/*.{js,ts}', '*.{js,ts}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: ['server/**'], ignores: ['**/*.test.ts'], rules: restrictImports(OUTSIDE.views, OUTSIDE.scripts) },
  { files: ['scripts/**'], ignores: ['**/*.test.ts'], rules: restrictImports(OUTSIDE.appFromScripts, OUTSIDE.server) },
  // Playwright reads a fixture's dependencies from its first parameter, so `async ({}, use)` is how a fixture says "none".
  { files: ['tests/**'], rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] } },
)
