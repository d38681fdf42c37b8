import type { Config } from '@react-router/dev/config'

export default {
  ssr: true,
  // BUILD_DIR lets several builds (for example parallel test runs) live side by side.
  buildDirectory: process.env.BUILD_DIR ?? 'build',
} satisfies Config
