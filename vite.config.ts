import { fileURLToPath } from 'node:url'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

/**
 * A page's scripts in a few files rather than thirty: a slow connection pays a round trip and a
 * request's overhead per file. React and React Router in one file; the app's modules that two or
 * more pages share in another; each page keeps its own route module.
 */
const STAFF_MODULES =
  /[\\/]app[\\/](components[\\/](admin|editor)[\\/]|locales[\\/](en|fa|ps)[\\/](admin|editor)[\\/]|lib[\\/](access[\\/]|requests[\\/]|desk-events[\\/]|site[\\/]editor-schemas[\\/]|i18n[\\/](staff-dates|staff-date-fields)\.|staff[\\/]form-result\.))/
/**
 * Modules a page loads only when someone reaches for them (the chat helper, the forms' checks, the
 * request kept on the device when it could not be sent).
 */
const ON_DEMAND =
  /[\\/]app[\\/](components[\\/]chat-panel|lib[\\/]contact[\\/]chat|lib[\\/]forms[\\/](appointment|registration|rules)|components[\\/]public-form[\\/]kept-notice|lib[\\/]offline[\\/]kept-requests)\.tsx?$/
/** The news and article pages' own components (lists, cards, the post page). */
const POST_MODULES = /[\\/]app[\\/]components[\\/]posts[\\/]/
/** React and React Router's chunk: the one file with V8's compile hint (`compileHint`). */
const FRAMEWORK_CHUNK = 'framework'
const BROWSER_CHUNKS = [
  {
    name: FRAMEWORK_CHUNK,
    test: /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
    priority: 20,
  },
  // The app's modules that two or more pages share (each group also takes what its modules import).
  {
    name: 'shared',
    test: (id: string) =>
      /[\\/]app[\\/](components|lib|locales)[\\/]/.test(id) && !STAFF_MODULES.test(id) && !ON_DEMAND.test(id) && !POST_MODULES.test(id),
    minShareCount: 2,
    priority: 15,
  },
  // The posts' lists and pages share their components: only those pages load them.
  { name: 'posts', test: POST_MODULES, minShareCount: 2, priority: 14 },
  // The schema library, shared by the forms' checks (loaded on demand) and the staff screens: a file of
  // its own, so that a public form's checks do not bring the staff screens' file along (nor need it offline).
  { name: 'schemas', test: /[\\/]node_modules[\\/]zod[\\/](mini|v4[\\/](mini|core))[\\/]/, priority: 12 },
  // The staff screens share their own modules; public pages never load them.
  { name: 'staff-screens', test: STAFF_MODULES, minShareCount: 2, priority: 10 },
]

/**
 * The names of the browser's entry files: a route's module, and a module React Router splits off it
 * (`future.v8_splitRouteModules`, `?route-chunk=clientAction`) with what it holds, as React Router
 * names them itself when the output options are its own: `appointment-client-action-<hash>.js`.
 */
function entryFileNames({ moduleIds }: { moduleIds: string[] }): string {
  const part = moduleIds.map((id) => /\?route-chunk=(\w+)$/.exec(id)?.[1]).find((name) => name && name !== 'main')
  const suffix = part ? `-${part.replace(/(?<=.)[A-Z]/g, (letter) => `-${letter}`).toLowerCase()}` : ''
  return `assets/[name]${suffix}-[hash].js`
}

/**
 * V8's compile hint for a whole file (Chromium 136 and later): the framework's functions are
 * compiled as the file downloads, on a background thread, instead of one by one on the main thread
 * the first time each is called while the page hydrates, which was about half of the page's script
 * time on a slow phone (docs/decisions/031-framework-compile-hint.md). After minification, which
 * would drop the comment.
 */
function compileHint(chunk: { name: string }): string {
  return chunk.name === FRAMEWORK_CHUNK ? '//# allFunctionsCalledOnLoad' : ''
}

/** How long the bundler's plugins took says more about the machine's load than about the build. */
const QUIET_CHECKS = { bundlerTimings: false }

/**
 * React Router builds the browser's files and the server's in one Vite build, as two environments
 * (`future.v8_viteEnvironmentApi`). Their options go under `rollupOptions`, the name React Router 7
 * reads them by (it passes the server's entry on; given the browser's `output`, it uses that instead
 * of its own, hence `entryFileNames` above). Vite 8 takes the name as `rolldownOptions`: options
 * under both names in one place would lose one of them.
 */
export default defineConfig({
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: { entryFileNames, postBanner: compileHint, codeSplitting: { groups: BROWSER_CHUNKS } },
          checks: QUIET_CHECKS,
        },
      },
    },
    ssr: {
      build: {
        rollupOptions: {
          // The server build's entry is our Express app, which wraps the React Router handler.
          input: './server/app.ts',
          // On the server every module loads at start: the browser's on-demand imports (the forms'
          // checks) stay in the one bundle there, as meant, so the warning that they do is left out.
          checks: { ...QUIET_CHECKS, ineffectiveDynamicImport: false },
        },
      },
    },
  },
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)), '~db': fileURLToPath(new URL('./db', import.meta.url)) } },
  plugins: [tailwindcss(), reactRouter()],
})
