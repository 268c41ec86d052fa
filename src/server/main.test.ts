import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the server from its sources (npm start runs the same code compiled) with env; `until` may act on the output and stop the process. */
function start(
  env: Record<string, string>,
  args: string[] = [],
  until?: (stdout: string, stop: () => void) => void,
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
      env: { PATH: process.env.PATH ?? '', SKIP_BUILD: '1', PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000)
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
      until?.(stdout, () => child.kill('SIGTERM'))
    })
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()))
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      resolve({ code, stdout, stderr })
    })
  })
}

const made: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'zk-main-'))
  made.push(dir)
  return dir
}
afterAll(() => made.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

describe('npm start', () => {
  it('refuses live mode on a non-loopback HOST with nobody to sign in, saying why', async () => {
    const token = 'refusal-token-0123456789abcdef'
    const run = await start({ API_TOKEN: token, HOST: '0.0.0.0', DATA_DIR: tempDir() })
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/Refusing to start in live mode on HOST=0\.0\.0\.0/)
    expect(run.stderr).toMatch(/npm run people -- add/)
    expect(run.stdout + run.stderr).not.toContain(token)
  })

  it('refuses to start with an entry of TRUSTED_PROXIES that is not an address or range, naming it', async () => {
    const run = await start({ TRUSTED_PROXIES: '10.0.0.5, proxy.internal', DATA_DIR: tempDir() })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('TRUSTED_PROXIES must list addresses or CIDR ranges: "proxy.internal" is not an IPv4 or IPv6 address or a CIDR range')
    expect(run.stdout).not.toMatch(/Zonekeeper .* at http/)
  })

  it('serves the sandbox, answers /healthz, and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir()
    let health: unknown
    const run = await start({ DATA_DIR: dataDir }, ['--reset-sandbox'], (out, stop) => {
      const url = /\(sandbox\) at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1]
      if (url && health === undefined) {
        health = null
        void fetch(`${url}/healthz`)
          .then((r) => r.json())
          .then((h) => (health = h))
          .finally(stop)
      }
    })
    expect(run.stderr).toBe('')
    expect(run.stdout).toContain(join(dataDir, 'sandbox.sqlite'))
    expect(run.stdout).toContain('reset to the demo data')
    // Stopped at once: the scale-test zones are still being written in the background (the next start finishes them).
    expect(health).toEqual({ ok: true, mode: 'sandbox', preparing: expect.any(Array) })
    expect(run.code).toBe(0)
  })
})
