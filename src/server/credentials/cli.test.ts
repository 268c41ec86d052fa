import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeUpstream, type FakeUpstream } from '../../testing/fake-upstream'
import { createStore } from '../store'
import { createUpstream } from '../upstream'
import { parseCredentialsKey } from './key'
import { runCredentialsCommand } from './cli'

const TOKEN = 'cfut_CliTokenSecret0123456789abcdefgh'
const BAD = 'cfut_CliBadToken000000000000000000000'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `npm run credentials -- …` from its sources, the secret on standard input: a process of its own
 * (about 2 s to start), so used where the process itself is the point (stdin, exit code, the key
 * read from the environment); the other steps call the same command in-process.
 */
function spawned(args: string[], env: Record<string, string>, stdin = ''): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/credentials/cli.ts', ...args], { env: { PATH: process.env.PATH ?? '', ...env }, stdio: ['pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()))
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
    child.stdin.end(stdin)
  })
}

describe('npm run credentials', () => {
  const dir = mkdtempSync(join(tmpdir(), 'zk-vault-cli-'))
  let upstream: FakeUpstream
  let env: Record<string, string>
  beforeAll(async () => {
    upstream = await startFakeUpstream((req, res) => {
      res.setHeader('content-type', 'application/json')
      if (String(req.headers.authorization).includes(BAD)) return res.writeHead(401).end(JSON.stringify({ success: false, errors: [{ code: 1000, message: 'Invalid API Token' }], result: null }))
      const result = req.url.includes('/accounts') ? [{ id: 'acc-1', name: 'Client One' }] : { id: 't', status: 'active' }
      res.end(JSON.stringify({ success: true, errors: [], messages: [], result }))
    })
    env = { DATA_DIR: dir, CREDENTIALS_KEY: randomBytes(32).toString('base64'), API_TOKEN: 'env-token-for-live-mode', API_BASE_URL: upstream.url }
  })
  afterAll(async () => {
    await upstream.close()
    rmSync(dir, { recursive: true, force: true })
  })

  /** The same command in-process, on a store of DATA_DIR opened with the same key: what it printed, or the error's message. */
  async function run(args: string[], _env: Record<string, string>, stdin = ''): Promise<Run> {
    const key = parseCredentialsKey(env.CREDENTIALS_KEY)
    if (typeof key === 'string') throw new Error(key)
    const store = createStore({ dataDir: dir, credentialsKey: key })
    const lines: string[] = []
    try {
      await runCredentialsCommand(args, {
        store,
        sendWith: (credential) => createUpstream({ baseUrl: upstream.url, credential, timeoutMs: 10_000 }),
        readSecret: async () => stdin,
        out: (line) => lines.push(line),
        by: 'command line (test)',
      })
      return { code: 0, stdout: lines.join('\n'), stderr: '' }
    } catch (err) {
      return { code: 1, stdout: lines.join('\n'), stderr: err instanceof Error ? err.message : String(err) }
    } finally {
      await store.close()
    }
  }

  it('adds a token read from stdin after a live check, lists and removes it; the secret is never in its arguments or output', async () => {
    const added = await spawned(['add', '--label', 'Client One'], env, `${TOKEN}\n`)
    expect(added.stderr).toBe('')
    expect(added.code).toBe(0)
    expect(added.stdout).toMatch(/^Stored "Client One" \(([0-9a-f-]{36})\), user token; reaches Client One\./)
    expect(upstream.requests.some((r) => r.headers.authorization === `Bearer ${TOKEN}`)).toBe(true)
    const id = /\(([0-9a-f-]{36})\)/.exec(added.stdout)![1]

    const refused = await run(['add', '--label', 'Broken'], env, BAD)
    expect(refused.code).toBe(1)
    expect(refused.stderr).toContain('Not stored: Invalid API Token')

    const list = await run(['list'], env)
    expect(list.stdout).toContain(`${id}\tClient One\tuser token\tClient One`)
    expect(list.stdout).not.toContain('Broken')
    for (const out of [added, refused, list]) expect(out.stdout + out.stderr).not.toContain(TOKEN.slice(5))

    expect((await run(['remove', id], env)).stdout).toContain('Removed "Client One"')
    expect((await run(['list'], env)).stdout).toContain('No stored credentials.')
  }, 120_000)

  it('refuses an empty stdin, and adding without a key names both settings', async () => {
    const empty = await run(['add', '--label', 'X'], env, '')
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain('on standard input')
    const { CREDENTIALS_KEY: _key, ...noKey } = env
    const none = await spawned(['add', '--label', 'X'], noKey, TOKEN)
    expect(none.code).toBe(1)
    expect(none.stderr).toMatch(/CREDENTIALS_KEY .*CREDENTIALS_KEY_FILE.*openssl rand -base64 32/)
  }, 60_000)
})
