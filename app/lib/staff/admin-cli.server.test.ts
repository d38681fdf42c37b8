import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { lockFolder } from '../platform/folder-lock.server'
import { runAdminCreate } from './admin-cli.server'

const folder = mkdtempSync(path.join(tmpdir(), 'admin-cli-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('npm run admin:create', () => {
  it('says what to do instead, without a stack trace, while the server holds the embedded database', async () => {
    const serverLock = await lockFolder(folder)
    process.env.DATA_DIR = folder
    delete process.env.DATABASE_URL
    const said = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const code = await runAdminCreate({ ADMIN_USERNAME: 'owner', ADMIN_PASSWORD: 'a long enough password' })
      expect(code).toBe(1)
      const text = said.mock.calls.map((args) => args.join(' ')).join('\n')
      // The process that holds the database (here this one) is named, and what to do instead is said.
      expect(text).toContain(`The server (process ${process.pid}) is using the embedded database in ${folder}`)
      expect(text).toContain('/admin/setup?token=')
      expect(text).toContain('/admin/staff')
      expect(text).toContain('stop the server')
      // No address of a server this command cannot know (the running one may listen elsewhere).
      expect(text).not.toMatch(/https?:\/\//)
      expect(text).not.toMatch(/\n\s+at /)
    } finally {
      await serverLock.release()
    }
  })
})
