// @ts-check
// Builds what the server runs: the browser app (dist/) and the server itself compiled to plain
// JavaScript (dist-server/), each only when it is missing or older than its sources. Plain JavaScript,
// because it runs before anything is compiled: by `npm start` (start.mjs), `npm install` (prepare),
// the end-to-end set-up and the bench. `node src/server/build.mjs [--force] [spa|server]...`.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

// Tests and the READMEs beside the code never reach a build: editing them must not make `npm start` rebuild.
const isTest = (/** @type {string} */ name) => /\.test(-helpers)?\.tsx?$/.test(name) || name.endsWith('.md')

/**
 * @typedef {object} Target
 * @property {string} output the file a build writes last (its age is the build's)
 * @property {string[]} sources what the build reads, relative to the root
 * @property {(name: string) => boolean} skip names under the sources that never reach the output
 * @property {string[]} viteArgs
 */

/** @type {Record<'spa' | 'server', Target>} */
export const TARGETS = {
  spa: {
    output: 'dist/index.html',
    sources: ['src', 'index.html', 'public', 'vite.config.ts', 'package.json', 'package-lock.json'],
    skip: (name) => name === 'server' || name === 'testing' || name === 'bench' || name === 'node_modules' || isTest(name),
    viteArgs: ['build'],
  },
  server: {
    output: 'dist-server/main.js',
    sources: ['src/server', 'src/shared', 'src/build/server-bundle.ts', 'vite.config.ts', 'package.json', 'package-lock.json'],
    skip: (name) => name === 'node_modules' || isTest(name),
    viteArgs: ['build', '--ssr'],
  },
}

/**
 * The newest modification time under `path` (itself included), or 0 when it does not exist. Every
 * `npm start` walks the sources with it, so it stats each entry once (no existence check first) and
 * builds paths by concatenation (path.join normalises each one again).
 * @param {string} path @param {(name: string) => boolean} skip @returns {number}
 */
function newestMtime(path, skip) {
  const st = statSync(path, { throwIfNoEntry: false })
  if (!st) return 0
  return st.isDirectory() ? Math.max(st.mtimeMs, newestUnder(path, skip)) : st.mtimeMs
}

/** @param {string} dir @param {(name: string) => boolean} skip @returns {number} */
function newestUnder(dir, skip) {
  let newest = 0
  for (const name of readdirSync(dir)) {
    if (skip(name)) continue
    const path = dir + sep + name
    // Followed like any link: a linked folder's files count.
    const st = statSync(path, { throwIfNoEntry: false })
    if (!st) continue
    newest = Math.max(newest, st.mtimeMs, st.isDirectory() ? newestUnder(path, skip) : 0)
  }
  return newest
}

/**
 * True when the target's output is missing or older than any of its sources.
 * @param {string} root @param {Target} target
 */
export function needsBuild(root, target) {
  const output = join(root, target.output)
  const built = existsSync(output) ? statSync(output).mtimeMs : 0
  const sources = Math.max(...target.sources.map((s) => newestMtime(join(root, s), target.skip)))
  return built === 0 || built < sources
}

/**
 * Builds each named target that needs it (all of them with `force`), with Vite in a child process:
 * the build tools never load into the caller.
 * @param {string} root
 * @param {{ targets?: ('spa' | 'server')[], force?: boolean }} [options]
 */
export function ensureBuilt(root, { targets = ['spa', 'server'], force = false } = {}) {
  for (const name of targets) {
    const target = TARGETS[name]
    if (!force && !needsBuild(root, target)) continue
    const first = !existsSync(join(root, target.output))
    const what = name === 'spa' ? 'the dashboard' : 'the server'
    console.log(first ? `Building ${what}…` : `Sources changed since the last build: rebuilding ${what}…`)
    // Loaded only to build: `npm start` runs this on every start, and a start with nothing stale needs no child process.
    /** @type {typeof import('node:child_process')} */
    const { spawnSync } = createRequire(import.meta.url)('node:child_process')
    const res = spawnSync(
      process.execPath,
      [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...target.viteArgs, '--logLevel', 'warn'],
      {
        cwd: root,
        stdio: 'inherit',
      },
    )
    if (res.status !== 0) throw new Error(`The build of ${what} failed; see the messages above.`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2)
  const targets = /** @type {('spa' | 'server')[]} */ (args.filter((a) => a === 'spa' || a === 'server'))
  try {
    ensureBuilt(resolve(fileURLToPath(import.meta.url), '..', '..', '..'), {
      targets: targets.length ? targets : undefined,
      force: args.includes('--force'),
    })
  } catch (err) {
    console.error(err instanceof Error ? err.message : err)
    process.exit(1)
  }
}
