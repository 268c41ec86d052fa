import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
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
 * One Python process serves every command (the helper's `serve`): starting the interpreter and
 * importing the clients took seconds per command on a busy machine; each command still builds its
 * client anew, as a separate run of certbot does.
 */
const PYTHON = '/usr/bin/python3'
const SCRIPT = resolve(import.meta.dirname, '../../testing/python/cloudflare_clients.py')

const home = mkdtempSync(join(tmpdir(), 'zk-python-clients-'))
const helper = spawn(PYTHON, [SCRIPT, 'serve'], { env: { PATH: '/usr/bin:/bin', HOME: home }, stdio: ['pipe', 'pipe', 'pipe'] })
let stderr = ''
helper.on('error', (err) => (stderr += String(err))) // no interpreter at all: the probe says so below
helper.stderr.setEncoding('utf8').on('data', (d: string) => (stderr = (stderr + d).slice(-20_000)))
const lines = createInterface({ input: helper.stdout })[Symbol.asyncIterator]()
/** The helper's next answer; undefined once it has exited. */
const nextLine = async () => {
  const next = await lines.next()
  return next.done ? undefined : (JSON.parse(next.value) as Record<string, unknown>)
}
// Its first answer is the probe's: the clients import (or the process ended, saying why on stderr).
const probe = await nextLine().catch(() => undefined)
const available = probe?.ok === true
if (!available && !process.env.CI) {
  console.warn(
    `[python-clients] skipped: ${PYTHON} cannot import certbot_dns_cloudflare and CloudFlare ` +
      `(install python3-certbot-dns-cloudflare). ${stderr.trim().split('\n').at(-1) ?? ''}`,
  )
}

let emulator: Emulator
let server: RunningServer
const DEMO = SEED_ZONES.demo.id

beforeAll(async () => {
  if (!available && !process.env.CI) return
  emulator = memoryEmulator()
  server = await startApp({ config: testConfig(), emulator })
}, 60_000)
afterAll(async () => {
  helper.stdin.end()
  helper.kill()
  await server?.close()
  emulator?.close()
  rmSync(home, { recursive: true, force: true })
})

/** One command of the Python helper (the server answers from this same process); its failure fails the test. */
async function python(...args: string[]): Promise<Record<string, unknown>> {
  const env = { CLOUDFLARE_API_URL: `${server.url}/client/v4`, CLOUDFLARE_API_TOKEN: 'sandbox-token' }
  stderr = ''
  helper.stdin.write(JSON.stringify({ args, env }) + '\n')
  const answer = await nextLine()
  if (!answer || 'error' in answer) throw new Error(`python ${args.join(' ')}: ${String(answer?.error ?? 'the helper exited')}\n${stderr.slice(-4000)}`)
  return answer
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
