// Writes a .gz beside each hashed asset, compressed with Zopfli (smaller than on-the-fly gzip at
// the same decoding cost), so phones on slow mobile data download fewer bytes. server.js serves
// these files to clients that accept gzip.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { gzipAsync } from '@gfx/zopfli'
import { BUILD_COMPLETE_MARK } from './build-freshness.js'

const buildDir = process.env.BUILD_DIR ?? 'build'
const assets = path.join(buildDir, 'client', 'assets')
const COMPRESSIBLE = /\.(js|css|svg)$/

const files = (await readdir(assets)).filter((name) => COMPRESSIBLE.test(name))
let before = 0
let after = 0
await Promise.all(
  files.map(async (name) => {
    const source = await readFile(path.join(assets, name))
    const compressed = await gzipAsync(source, { numiterations: 15 })
    await writeFile(path.join(assets, `${name}.gz`), compressed)
    before += source.length
    after += compressed.length
  }),
)
console.info(`Precompressed ${files.length} assets: ${(before / 1000).toFixed(0)} kB → ${(after / 1000).toFixed(0)} kB gzip`)
// The last step of `npm run build`: its time is when the build was complete (scripts/build-freshness.js).
await writeFile(path.join(buildDir, BUILD_COMPLETE_MARK), new Date().toISOString())
