// npm run backup [-- --out FOLDER] — writes one backup archive (the database's dump, the uploaded files,
// a manifest with checksums) into BACKUP_DIR or FOLDER and prints its path as the last line. With the
// embedded database and a running server, the server makes it (app/lib/backups/control-socket.server.ts).
// The code lives in the server build (app/lib/backups/backup-cli.server.ts), as for admin:create.
import { runServerCommand } from './server-command.js'

await runServerCommand('backup', 'runBackup')
