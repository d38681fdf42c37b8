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
  },
  // BUILD_DIR lets several builds (for example parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
