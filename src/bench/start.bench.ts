// `npm start` (node src/server/start.mjs: the compiled server) from launch to the first answer of
// /healthz, on a fresh data dir (the demo data is written) and on a restart with that data; then the
// server's memory once it is idle. Builds dist/ and dist-server/ first when stale, so the build is
// never part of a figure.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import { ensureBuilt } from '../server/build.mjs'
import { percentile, round } from './support/stats'
import type { Row } from './types'

export const name = 'start'

const ROOT = resolve(import.meta.dirname, '..', '..')
const RUNS = 5

interface Started {
  child: ChildProcess
  url: string
  ms: number
}

function sandboxEnv(dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir }
  for (const key of ['API_TOKEN', 'API_EMAIL', 'API_KEY', 'API_BASE_URL', 'DASHBOARD_PASSWORD', 'SKIP_BUILD']) delete env[key]
  return env
}

/** Launches `npm start`'s command and resolves once /healthz answers 200. */
async function start(dataDir: string): Promise<Started> {
  const t0 = performance.now()
  const child = spawn(process.execPath, ['src/server/start.mjs'], {
    cwd: ROOT,
    env: sandboxEnv(dataDir),
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((ok, fail) => {
    const timer = setTimeout(() => fail(new Error('the server printed no address within 30 s')), 30_000)
    child.once('exit', (code) => fail(new Error(`the server exited (${code}) before it started`)))
    createInterface({ input: child.stdout! }).on('line', (line) => {
      const m = / at (http:\/\/127\.0\.0\.1:\d+)/.exec(line)
      if (m) {
        clearTimeout(timer)
        ok(m[1])
      }
    })
  })
  for (;;) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { child, url, ms: performance.now() - t0 }
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 5))
  }
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok()
    child.once('exit', () => ok())
    child.kill('SIGTERM')
  })
}

/** Resident memory of a process (Linux), in MB. */
function rssMb(pid: number): number | null {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]
    return kb ? round(Number(kb) / 1024, 0) : null
  } catch {
    return null
  }
}

/** Waits until /healthz no longer lists zones being prepared (the background seed is done). */
async function settled(url: string): Promise<number> {
  const t0 = performance.now()
  for (;;) {
    const health = (await (await fetch(`${url}/healthz`)).json()) as { preparing?: unknown[] }
    if (!health.preparing?.length) return performance.now() - t0
    await new Promise((r) => setTimeout(r, 20))
  }
}

export async function run(): Promise<Row[]> {
  ensureBuilt(ROOT)
  const fresh: number[] = []
  const restart: number[] = []
  const ready: number[] = []
  let idle: number | null = null
  for (let i = 0; i < RUNS; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'zk-bench-start-'))
    try {
      const first = await start(dataDir)
      fresh.push(first.ms)
      ready.push(first.ms + (await settled(first.url)))
      await stop(first.child)
      const again = await start(dataDir)
      restart.push(again.ms)
      if (i === RUNS - 1) {
        // Idle: a page of the large zone was served, then nothing for a moment.
        await fetch(`${again.url}/api/v4/zones?per_page=50`)
        await new Promise((r) => setTimeout(r, 1500))
        idle = again.child.pid ? rssMb(again.child.pid) : null
      }
      await stop(again.child)
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
  const note = `${RUNS} runs, median; compiled server, no build`
  return [
    {
      metric: 'npm start → healthy, fresh data dir',
      value: round(percentile(fresh, 50), 0),
      unit: 'ms',
      goal: { op: '<=', value: 2000 },
      note,
    },
    {
      metric: 'npm start → healthy, restart',
      value: round(percentile(restart, 50), 0),
      unit: 'ms',
      goal: { op: '<=', value: 500 },
      note,
    },
    {
      metric: 'npm start → large demo zones ready, fresh',
      value: round(percentile(ready, 50), 0),
      unit: 'ms',
      note: 'written in the background after the server answers',
    },
    { metric: 'server memory when idle (RSS)', value: idle, unit: 'MB', note: 'sandbox, after a restart and one list' },
  ]
}
