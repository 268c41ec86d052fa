import { execFile, execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/**
 * A real PostgreSQL server for tests: `initdb` in a temporary folder, `pg_ctl start` on a free
 * loopback port, one fresh database per `createDatabase()`. As root (tests run as root here and in
 * CI) the server runs as the `postgres` user, since initdb refuses root.
 */
export interface TestPostgres {
  /** A new empty database; returns its connection URL. */
  createDatabase(): Promise<string>
  stop(): void
}

function findBin(name: string): string | undefined {
  const dirs = existsSync('/usr/lib/postgresql')
    ? readdirSync('/usr/lib/postgresql')
        .sort((a, b) => Number(b) - Number(a))
        .map((v) => `/usr/lib/postgresql/${v}/bin`)
    : []
  for (const dir of [...dirs, '/usr/local/bin', '/usr/bin']) {
    if (existsSync(join(dir, name))) return join(dir, name)
  }
  return undefined
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer()
    srv.once('error', fail)
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address()
      srv.close(() => ok(typeof addr === 'object' && addr ? addr.port : 0))
    })
  })
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. In CI its absence is an error. */
export function postgresMissing(): string | undefined {
  if (findBin('initdb') && findBin('pg_ctl')) return undefined
  const why = 'PostgreSQL is not installed (no initdb/pg_ctl in /usr/lib/postgresql/*/bin or on PATH)'
  if (process.env.CI) throw new Error(`${why}; CI must install it (Debian package postgresql).`)
  return `${why}: the PostgreSQL tests are skipped. Install Debian's postgresql package to run them.`
}

/** Where the run's shared server is (set by src/testing/postgres-global.ts for Vitest's and Playwright's workers). */
export const SHARED_POSTGRES_ENV = 'ZK_TEST_POSTGRES_DIR'

/**
 * A PostgreSQL server for a test file. Under Vitest and Playwright (npm test) every file shares the
 * one server the run's global setup starts in the background (src/testing/postgres-global.ts): starting one per
 * file cost about a second and a half each; each file still gets its own fresh databases, and
 * `stop()` leaves the shared server to the global teardown. Elsewhere (benchmarks) a server of its own.
 */
export async function startPostgres(): Promise<TestPostgres> {
  const shared = process.env[SHARED_POSTGRES_ENV]
  return shared ? sharedPostgres(shared) : launchPostgres().then((s) => s.ready)
}

async function sharedPostgres(dir: string): Promise<TestPostgres> {
  // The global setup writes `failed` (its reason) or `port` once the server accepts connections.
  const deadline = Date.now() + 120_000
  for (;;) {
    if (existsSync(join(dir, 'failed'))) throw new Error(readFileSync(join(dir, 'failed'), 'utf8'))
    if (existsSync(join(dir, 'port'))) break
    if (Date.now() > deadline) throw new Error('The shared test PostgreSQL did not start within 120 s.')
    await new Promise((r) => setTimeout(r, 50))
  }
  const port = Number(readFileSync(join(dir, 'port'), 'utf8'))
  return { createDatabase: () => createDatabase(`postgres://postgres@127.0.0.1:${port}`), stop: () => undefined }
}

let created = 0
async function createDatabase(base: string): Promise<string> {
  const name = `zk_${process.pid}_${++created}_${Math.random().toString(36).slice(2, 8)}`
  const client = new pg.Client({ connectionString: `${base}/postgres` })
  await client.connect()
  try {
    await client.query(`CREATE DATABASE ${name}`)
  } finally {
    await client.end()
  }
  return `${base}/${name}`
}

/**
 * initdb and pg_ctl start (as the `postgres` user when root), without blocking: `ready` settles
 * with the server once it accepts connections; `dir` is its folder (removed by `stop()`).
 */
export async function launchPostgres(options: { maxConnections?: number } = {}): Promise<{ dir: string; port: number; ready: Promise<TestPostgres> }> {
  const initdb = findBin('initdb')!
  const pgCtl = findBin('pg_ctl')!
  const asRoot = process.getuid?.() === 0
  const run = (bin: string, args: string[]) =>
    new Promise<void>((ok, fail) => {
      const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args]
      execFile(file, argv, (err, _stdout, stderr) => (err ? fail(new Error(`${String(err)}\n${stderr}`)) : ok()))
    })
  const runSync = (bin: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', bin, ...args], { stdio: 'pipe' })
      : execFileSync(bin, args, { stdio: 'pipe' })
  const dir = mkdtempSync(join(tmpdir(), 'zk-pg-'))
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  const port = await freePort()
  const stop = () => {
    try {
      runSync(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }
  const ready = (async () => {
    try {
      await run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'])
      const max = options.maxConnections ? ` -c max_connections=${options.maxConnections}` : ''
      const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off${max}`
      await run(pgCtl, ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
    } catch (err) {
      rmSync(dir, { recursive: true, force: true })
      throw new Error(`Could not start PostgreSQL for the tests: ${String(err)}`)
    }
    const base = `postgres://postgres@127.0.0.1:${port}`
    return { createDatabase: () => createDatabase(base), stop }
  })()
  return { dir, port, ready }
}
