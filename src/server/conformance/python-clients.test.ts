import { execFile, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApp, testConfig } from '../../testing/server'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'

/**
 * Real Python clients against a started sandbox, unchanged: certbot's Cloudflare plugin (its own
 * client code, `_CloudflareClient`) and python-cloudflare as its `cli4` resolves a zone by name.
 * They run with Debian's /usr/bin/python3 (CI installs python3-certbot-dns-cloudflare). Locally,
 * without those modules, the tests are skipped with a message; in CI they must run.
 */
const PYTHON = '/usr/bin/python3'
const SCRIPT = resolve(import.meta.dirname, '../../testing/python/cloudflare_clients.py')
const run = promisify(execFile)

const probe = spawnSync(PYTHON, [SCRIPT, 'probe'], { encoding: 'utf8' })
const available = probe.status === 0
if (!available && !process.env.CI) {
  console.warn(
    `[python-clients] skipped: ${PYTHON} cannot import certbot_dns_cloudflare and CloudFlare ` +
      `(install python3-certbot-dns-cloudflare). ${(probe.stderr || String(probe.error ?? '')).trim().split('\n').at(-1) ?? ''}`,
  )
}

let emulator: Emulator
let server: RunningServer
let home: string
const DEMO = SEED_ZONES.demo.id

beforeAll(async () => {
  if (!available && !process.env.CI) return
  emulator = memoryEmulator()
  server = await startApp({ config: testConfig(), emulator })
  home = mkdtempSync(join(tmpdir(), 'zk-python-clients-'))
}, 60_000)
afterAll(async () => {
  await server?.close()
  emulator?.close()
  if (home) rmSync(home, { recursive: true, force: true })
})

/** Runs the Python helper asynchronously (the server answers from this same process). */
async function python(...args: string[]): Promise<Record<string, unknown>> {
  const env = { PATH: '/usr/bin:/bin', HOME: home, CLOUDFLARE_API_URL: `${server.url}/client/v4`, CLOUDFLARE_API_TOKEN: 'sandbox-token' }
  const { stdout } = await run(PYTHON, [SCRIPT, ...args], { env, timeout: 60_000 })
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as Record<string, unknown>
}

const bearer = { authorization: 'Bearer test' }
async function txtRecords(name: string): Promise<{ id: string; content: string }[]> {
  const res = await fetch(`${server.url}/client/v4/zones/${DEMO}/dns_records?type=TXT&name=${name}`, { headers: bearer })
  expect(res.status).toBe(200)
  return ((await res.json()) as { result: { id: string; content: string }[] }).result
}

describe.skipIf(!available && !process.env.CI)('real Python clients against the sandbox', () => {
  it('certbot plugin: add_txt_record creates the challenge record, del_txt_record removes it', async () => {
    const token = 'ck7y3kX0_9oZkq2o2Sx-dh7wS9bXwJb0gSxQk3Yp3aE'
    const name = '_acme-challenge.www.example.com'
    // www.example.com is not a zone: the plugin guesses www.example.com, then example.com (per_page=1).
    await python('certbot-add', 'www.example.com', name, token)
    const added = await txtRecords(name)
    expect(added.map((r) => r.content)).toEqual([`"${token}"`])
    await python('certbot-del', 'www.example.com', name, token)
    expect(await txtRecords(name)).toEqual([])
  }, 120_000)

  it('certbot plugin: three runs leave nothing behind', async () => {
    const name = '_acme-challenge.example.com'
    const before = await txtRecords(name) // the demo seed has one of its own, which must stay
    for (const token of ['run-one-token', 'run-two-token', 'run-three-token']) {
      await python('certbot-add', 'example.com', name, token)
      expect((await txtRecords(name)).map((r) => r.content)).toContain(`"${token}"`)
      await python('certbot-del', 'example.com', name, token)
    }
    expect(await txtRecords(name)).toEqual(before)
  }, 180_000)

  it('python-cloudflare: cli4-style lookup of /zones/:example.com/dns_records', async () => {
    const out = await python('cli4-zone', 'example.com')
    expect(out.zone_id).toBe(DEMO)
    expect(out.records).toBeGreaterThan(20)
    expect(out.types).toEqual(expect.arrayContaining(['A', 'MX', 'TXT']))
  }, 60_000)
})
