// The entry point. One server process, or with WEB_CONCURRENCY=N and a PostgreSQL server, N of them
// sharing the port under a primary that only starts, watches and stops them (server/processes.js).
import cluster from 'node:cluster'
import { serverProcessCount, superviseServerProcesses } from './server/processes.js'

let count = 1
if (cluster.isPrimary) {
  try {
    count = serverProcessCount(process.env)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
if (count > 1) superviseServerProcesses(count)
else await import('./server/serve.js')
