// A port on 127.0.0.1 that nothing listens on right now (the deploy drill, the benchmarks and the fault runs).
import net from 'node:net'

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address())
      probe.close(() => resolve(port))
    })
  })
}

/** Throws when something already listens on 127.0.0.1:port (a health check would then reach it instead). */
export function assertFree(port) {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', () => reject(new Error(`port ${port} on 127.0.0.1 is in use`)))
    probe.listen(port, '127.0.0.1', () => probe.close(resolve))
  })
}
