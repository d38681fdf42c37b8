/**
 * The manifest at the head of every archive: what it holds and how to check it. Every other part
 * has its size and SHA-256 here; a restore refuses an archive whose parts do not match.
 */
import { createHash } from 'node:crypto'
import { createReadStream, readFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

export const MANIFEST_NAME = 'manifest.json'
export const DUMP_NAME = 'database.sql'
/** Uploaded files sit under this folder in the archive, as they do under STORAGE_DIR. */
export const FILES_FOLDER = 'files/'
const FORMAT = 'kabul-dental-backup/1'

const PartSchema = z.object({ name: z.string().min(1), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })

const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  appVersion: z.string(),
  createdAt: z.iso.datetime(),
  database: z.object({ source: z.enum(['embedded', 'postgresql']), serverVersion: z.string() }),
  lastMigration: z.string().nullable(),
  rowCounts: z.record(z.string(), z.number().int().min(0)),
  parts: z.array(PartSchema).min(1),
})

export type Manifest = z.infer<typeof ManifestSchema>
export type Part = z.infer<typeof PartSchema>

export function buildManifest(fields: Omit<Manifest, 'format'>): Manifest {
  return { format: FORMAT, ...fields }
}

export function parseManifest(text: string): Manifest {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    throw new Error('its manifest is not valid JSON')
  }
  const result = ManifestSchema.safeParse(data)
  if (!result.success) throw new Error(`its manifest is not one this version reads (${result.error.issues[0]?.path.join('.')})`)
  return result.data
}

export async function hashFile(file: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(file)) {
    hash.update(chunk as Buffer)
    size += (chunk as Buffer).length
  }
  return { size, sha256: hash.digest('hex') }
}

let version: string | undefined

/** The application's version (package.json). */
export function appVersion(): string {
  version ??= (JSON.parse(readFileSync(path.resolve(process.cwd(), 'package.json'), 'utf8')) as { version?: string }).version ?? 'unknown'
  return version
}
