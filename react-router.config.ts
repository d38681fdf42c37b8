import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  future: {
    // Loaders and actions are given the request as received (a data request's address ends in
    // `.data`) and read the page's address from their `url` argument. Without it React Router
    // copies a data request once, then twice more for each loader or action it calls
    // (docs/decisions/015).
    v8_passThroughRequests: true,
    // Loaders and actions read what the server hands them through typed contexts
    // (lib/platform/request-context.ts, lib/forms/form-post.ts).
    v8_middleware: true,
    // The browser loads each route's clientAction (the form pages' guard for a lost connection) as a
    // chunk of its own, so it can run before the page's module has arrived. The service worker
    // precaches these chunks with the rest of the public pages' scripts (docs/decisions/028).
    v8_splitRouteModules: true,
    // One Vite build with two environments: vite.config.ts sets the browser's options under
    // `environments.client` and the server's (our Express entry) under `environments.ssr`.
    v8_viteEnvironmentApi: true,
    // Data requests keep the page's trailing slash: `/` → `/_.data`, `/clinic/` → `/clinic/_.data`
    // (was `/_root.data` and `/clinic.data`); lib/platform/data-requests.ts builds and reads them.
    v8_trailingSlashAwareDataRequests: true,
  },
  // BUILD_DIR lets several builds (for example parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
