import { execFileSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
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

export async function startPostgres(): Promise<TestPostgres> {
  const initdb = findBin('initdb')!
  const pgCtl = findBin('pg_ctl')!
  const asRoot = process.getuid?.() === 0
  const run = (bin: string, args: string[]) =>
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
  try {
    run(initdb, ['-D', data, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8'])
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
    run(pgCtl, ['-D', data, '-o', opts, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start'])
  } catch (err) {
    const stderr = (err as { stderr?: Buffer }).stderr?.toString() ?? ''
    rmSync(dir, { recursive: true, force: true })
    throw new Error(`Could not start PostgreSQL for the tests: ${String(err)}\n${stderr}`)
  }
  const base = `postgres://postgres@127.0.0.1:${port}`
  let n = 0
  return {
    async createDatabase() {
      const name = `zk_${process.pid}_${++n}_${Math.random().toString(36).slice(2, 8)}`
      const client = new pg.Client({ connectionString: `${base}/postgres` })
      await client.connect()
      try {
        await client.query(`CREATE DATABASE ${name}`)
      } finally {
        await client.end()
      }
      return `${base}/${name}`
    },
    stop() {
      try {
        run(pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
