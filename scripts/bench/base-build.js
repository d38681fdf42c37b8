// The build the benchmark compares the current one with: another commit, checked out with
// `git worktree` into a temporary folder and built there, so that its server can take turns with
// the current one in the same run. It shares the checkout's node_modules (a symbolic link) when its
// package-lock.json is the same, and installs its own otherwise.
import { execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { onCleanup } from '../faults/cleanup.js'

const git = (root, ...args) => execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim()

/**
 * The commit to compare with: `ref` when given; else where this branch left main (its merge base),
 * when that is not the current commit; else the current commit's first parent (on main after a
 * merge: main before it). Null when there is none (a first commit).
 */
export function baseCommit(root, ref) {
  const resolve = (name) => {
    try {
      return git(root, 'rev-parse', '--verify', '--quiet', `${name}^{commit}`)
    } catch {
      return null
    }
  }
  if (ref) {
    const commit = resolve(ref)
    if (!commit) throw new Error(`--base ${ref}: no such commit`)
    return commit
  }
  const head = resolve('HEAD')
  for (const main of ['main', 'origin/main']) {
    if (!resolve(main)) continue
    try {
      const mergeBase = git(root, 'merge-base', 'HEAD', main)
      if (mergeBase && mergeBase !== head) return mergeBase
    } catch {
      // Unrelated histories: fall back to the parent.
    }
    break
  }
  return resolve('HEAD^')
}

/**
 * @param {string} command
 * @param {string[]} args
 * @param {import('node:child_process').SpawnOptions} options
 * @returns {Promise<void>}
 */
function run(command, args, options) {
  return new Promise((resolve, reject) => {
    let output = ''
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (chunk) => (output = (output + chunk).slice(-8000)))
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-8000)))
    child.on('error', reject)
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`))))
  })
}

/**
 * Checks `commit` out into a temporary folder and builds it (into `build` there). Returns
 * { root, buildDir, commit, subject }; the folder and its worktree entry go at the benchmark's end.
 */
/**
 * @param {string} root
 * @param {string} commit
 * @param {(line: string) => void} [log]
 */
export async function buildBase(root, commit, log = () => {}) {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'bench-base-'))
  const checkout = path.join(folder, 'checkout')
  onCleanup(`the base build ${folder}`, () => {
    try {
      git(root, 'worktree', 'remove', '--force', checkout)
    } catch {
      // Not added, or already gone.
    }
    rmSync(folder, { recursive: true, force: true })
    try {
      git(root, 'worktree', 'prune')
    } catch {
      // Nothing to prune.
    }
  })
  const started = Date.now()
  git(root, 'worktree', 'add', '--detach', checkout, commit)
  const lock = (dir) => (existsSync(path.join(dir, 'package-lock.json')) ? readFileSync(path.join(dir, 'package-lock.json'), 'utf8') : '')
  if (lock(checkout) === lock(root) && existsSync(path.join(root, 'node_modules'))) {
    symlinkSync(path.join(root, 'node_modules'), path.join(checkout, 'node_modules'), 'dir')
  } else {
    log(`Base build: its dependencies differ; npm install in ${checkout}…`)
    await run('npm', ['install', '--no-audit', '--no-fund'], { cwd: checkout, env: process.env })
  }
  await run('npm', ['run', 'build'], { cwd: checkout, env: { ...process.env, BUILD_DIR: 'build', NODE_ENV: 'production' } })
  const subject = git(root, 'log', '-1', '--format=%s', commit)
  log(`Base build: ${commit.slice(0, 7)} ("${subject}") built in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
  return { root: checkout, buildDir: 'build', commit, subject }
}
