// Writes a .br (Brotli at its highest quality) and a .gz (Zopfli) beside each hashed asset: both
// smaller than on-the-fly compression at the same decoding cost, so phones on slow mobile data
// download fewer bytes. server/serve.js sends the .br to clients that accept Brotli (every current
// browser), the .gz to the others.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib } from 'node:zlib'
import { gzipAsync } from '@gfx/zopfli'
import { BUILD_COMPLETE_MARK } from './build-freshness.js'

const buildDir = process.env.BUILD_DIR ?? 'build'
const assets = path.join(buildDir, 'client', 'assets')
const COMPRESSIBLE = /\.(js|css|svg)$/

const files = (await readdir(assets)).filter((name) => COMPRESSIBLE.test(name))
const brotliAsync = promisify(brotliCompress)
let before = 0
let after = 0
let afterBrotli = 0
await Promise.all(
  files.map(async (name) => {
    const source = await readFile(path.join(assets, name))
    const compressed = await gzipAsync(source, { numiterations: 15 })
    const brotli = await brotliAsync(source, {
      params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY, [zlib.BROTLI_PARAM_SIZE_HINT]: source.length },
    })
    await Promise.all([writeFile(path.join(assets, `${name}.gz`), compressed), writeFile(path.join(assets, `${name}.br`), brotli)])
    before += source.length
    after += compressed.length
    afterBrotli += brotli.length
  }),
)
const kB = (/** @type {number} */ bytes) => `${(bytes / 1000).toFixed(0)} kB`
console.info(`Precompressed ${files.length} assets: ${kB(before)} → ${kB(after)} gzip, ${kB(afterBrotli)} Brotli`)
// The last step of `npm run build`: its time is when the build was complete (scripts/build-freshness.js).
await writeFile(path.join(buildDir, BUILD_COMPLETE_MARK), new Date().toISOString())
