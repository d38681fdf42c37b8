// The options every PGlite of the server opens a data folder with: the serving worker
// (db/embedded-worker.js) and the process that creates a new folder (db/embedded-create.js).
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from './pglite-extensions.js'

/**
 * PostgreSQL's memory settings, on top of PGlite's own start parameters. PGlite keeps a server's
 * defaults (128 MB of shared buffers), all of it inside the WebAssembly memory, which never shrinks:
 * under a post load the buffers alone held about 125 MB of the process. The site's working set is
 * small and the operating system caches the folder's files, so 16 MB of buffers serve it as fast
 * (docs/decisions/019-embedded-database-memory.md). maintenance_work_mem bounds what a migration's
 * CREATE INDEX takes.
 */
const MEMORY_SETTINGS = ['shared_buffers=16MB', 'maintenance_work_mem=16MB']

export const PGLITE_OPTIONS = {
  extensions: PGLITE_EXTENSIONS,
  startParams: [...PGlite.defaultStartParams, ...MEMORY_SETTINGS.flatMap((setting) => ['-c', setting])],
}
