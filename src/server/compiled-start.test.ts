import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SEED_ZONES } from './emulator/seed-ids'

// What `npm start` runs: the server compiled by `vite build --ssr` (here into a folder of its own
// under .tmp/, inside the repo so that packages resolve), with plain Node: no TypeScript loader, and
// the seed worker beside it.
const ROOT = resolve(import.meta.dirname, '..', '..')
mkdirSync(join(ROOT, '.tmp'), { recursive: true })
const outDir = mkdtempSync(join(ROOT, '.tmp', 'dist-server-'))
const dataDir = mkdtempSync(join(tmpdir(), 'zk-compiled-'))

beforeAll(() => {
  const res = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--ssr', '--outDir', outDir, '--logLevel', 'error'],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (res.status !== 0) throw new Error(`vite build --ssr failed:\n${res.stderr}`)
})
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the compiled server', () => {
  it('is plain JavaScript importing only packages and Node built-ins (no build tools)', () => {
    const files = readdirSync(outDir).filter((f) => f.endsWith('.js'))
    expect(files).toEqual(expect.arrayContaining(['main.js', 'seed-worker.js']))
    const imports = files.flatMap((f) => [...readFileSync(join(outDir, f), 'utf8').matchAll(/(?:from|^import) "([^"]+)"/gm)].map((m) => m[1]))
    const packages = imports.filter((s) => !s.startsWith('./') && !s.startsWith('node:'))
    for (const tool of ['vite', 'tsx', 'typescript', 'esbuild', 'rolldown'])
      expect(packages.filter((p) => p.startsWith(tool))).toEqual([])
    // Loaded on first use, never by a start: each costs every start its loading time.
    for (const onDemand of ['otplib', 'pg', 'nodemailer', '@simplewebauthn/server'])
      expect(packages.filter((p) => p === onDemand)).toEqual([])
  })

  it('leaves the OpenID client out of what a start loads (it comes with the first single sign-on)', () => {
    const main = readFileSync(join(outDir, 'main.js'), 'utf8')
    const chunks = [...main.matchAll(/(?:^|;|\n)import[^;]*?from ?"\.\/([^"]+)"/g)].map((m) => m[1])
    expect(chunks.length).toBeGreaterThan(0)
    const loaded = [main, ...chunks.map((f) => readFileSync(join(outDir, f), 'utf8'))]
    // openid-client's discovery(), the first function single sign-on calls.
    expect(loaded.filter((code) => code.includes('function discovery('))).toEqual([])
    const all = readdirSync(outDir).filter((f) => f.endsWith('.js')).map((f) => readFileSync(join(outDir, f), 'utf8'))
    expect(all.filter((code) => code.includes('function discovery('))).toHaveLength(1)
  })

  it('starts with plain node on a fresh data dir, answers at once, then writes the large zones in the background', async () => {
    const child = spawn(process.execPath, [join(outDir, 'main.js')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    try {
      const url = await new Promise<string>((ok, fail) => {
        child.once('exit', (code) => fail(new Error(`exited (${code}): ${stderr}`)))
        createInterface({ input: child.stdout }).on('line', (line) => {
          const m = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
          if (m) ok(m[1])
        })
      })
      const health = (await (await fetch(`${url}/healthz`)).json()) as { preparing: { name: string }[] }
      expect(health.preparing.map((z) => z.name).sort()).toEqual(['bigcorp-records.com', 'shop-scale.io'])
      // Asking for the large zone waits for the worker, then sees all of it.
      const list = (await (await fetch(`${url}/api/v4/zones/${SEED_ZONES.large.id}/dns_records?per_page=5`)).json()) as {
        result_info: { total_count: number }
      }
      expect(list.result_info.total_count).toBe(10_000)
      expect(((await (await fetch(`${url}/healthz`)).json()) as { preparing: unknown[] }).preparing).toEqual([])
      expect(stderr).toBe('') // the worker did it (no fallback message)
    } finally {
      child.kill('SIGTERM')
    }
  })
})
