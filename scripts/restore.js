// npm run restore -- ARCHIVE [--force] — restores an archive into the empty database of DATABASE_URL
// or DATA_DIR (and STORAGE_DIR), then applies the newer migrations. --force replaces what is there.
// The code lives in the server build (app/lib/backups/backup-cli.server.ts), as for admin:create.
import { runServerCommand } from './server-command.js'

await runServerCommand('restore', 'runRestore')
