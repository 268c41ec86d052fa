import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

/**
 * Debian's nginx for the deployment suite, configured from the same template the README's
 * Deploying section shows (nginx.conf.template: only the placeholders differ).
 */
export const TEMPLATE_FILE = resolve(import.meta.dirname, 'nginx.conf.template')

export interface NginxPlaces {
  /** `443`, or `127.0.0.1:8443`. */
  LISTEN: string
  SERVER_NAME: string
  CERTIFICATE: string
  CERTIFICATE_KEY: string
  INSTANCE_1: string
  INSTANCE_2: string
}

/** The values the README's copy shows (what a reader changes to their own). */
export const README_PLACES: NginxPlaces = {
  LISTEN: '443',
  SERVER_NAME: 'dash.example.com',
  CERTIFICATE: '/etc/ssl/zonekeeper/fullchain.pem',
  CERTIFICATE_KEY: '/etc/ssl/zonekeeper/privkey.pem',
  INSTANCE_1: '127.0.0.1:8787',
  INSTANCE_2: '127.0.0.1:8788',
}

/** The template with its `{{NAME}}` placeholders filled; an unknown or unfilled one is an error. */
export function renderNginxConf(places: NginxPlaces): string {
  return readFileSync(TEMPLATE_FILE, 'utf8').replace(/\{\{([A-Z0-9_]+)\}\}/g, (_, name: string) => {
    const value = (places as unknown as Record<string, string | undefined>)[name]
    if (value === undefined) throw new Error(`nginx.conf.template: no value for {{${name}}}`)
    return value
  })
}

/** The README's nginx block in its Deploying section (the first ```nginx fence there). */
export function readmeNginxBlock(readme: string): string | undefined {
  const section = readme.split(/^## /m).find((s) => s.startsWith('Deploying'))
  const block = section && /^```nginx\n([\s\S]*?)^```$/m.exec(section)
  return block ? block[1] : undefined
}

const NGINX_PATHS = ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']

function findNginx(): string | undefined {
  const found = NGINX_PATHS.find((p) => existsSync(p))
  if (found) return found
  try {
    return execFileSync('sh', ['-c', 'command -v nginx'], { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim() || undefined
  } catch {
    return undefined
  }
}

function hasOpenssl(): boolean {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

/** Why the deployment suite cannot run here, or undefined when it can. In CI its absence is an error. */
export function nginxMissing(): string | undefined {
  const missing = [findNginx() ? undefined : 'nginx', hasOpenssl() ? undefined : 'openssl'].filter(Boolean)
  if (missing.length === 0) return undefined
  const why = `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not installed`
  if (process.env.CI) throw new Error(`${why}; CI must install it (Debian packages ${missing.join(', ')}).`)
  return `${why}: the deployment tests are skipped. Install Debian's ${missing.join(' and ')} package to run them.`
}

export interface RunningNginx {
  /** `https://localhost:<port>` */
  url: string
  port: number
  /** The configuration it runs (the rendered template), for failure messages. */
  conf: string
  /** nginx's error log so far. */
  errors(): string
  stop(): Promise<void>
}

/** A certificate for localhost and 127.0.0.1 made for this run (never committed), valid for a day. */
function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'cert.pem')
  const key = join(dir, 'key.pem')
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=localhost',
      '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert],
    { stdio: 'pipe' },
  )
  return { cert, key }
}

function listening(port: number): Promise<boolean> {
  return new Promise((ok) => {
    const socket = connect(port, '127.0.0.1')
    socket.once('connect', () => {
      socket.destroy()
      ok(true)
    })
    socket.once('error', () => ok(false))
  })
}

/**
 * nginx in the foreground (`daemon off`), its own prefix, pid, logs and temp folders in a fresh
 * folder, the rendered template included in its `http` block, listening on 127.0.0.1:port.
 */
export async function startNginx(port: number, instances: [string, string]): Promise<RunningNginx> {
  const bin = findNginx()!
  const dir = mkdtempSync(join(tmpdir(), 'zk-nginx-'))
  // Worker processes (nobody, when started as root) make their temp files in here.
  chmodSync(dir, 0o755)
  const { cert, key } = makeCertificate(dir)
  const conf = renderNginxConf({
    LISTEN: `127.0.0.1:${port}`,
    SERVER_NAME: 'localhost',
    CERTIFICATE: cert,
    CERTIFICATE_KEY: key,
    INSTANCE_1: instances[0],
    INSTANCE_2: instances[1],
  })
  writeFileSync(join(dir, 'zonekeeper.conf'), conf)
  const errorLog = join(dir, 'error.log')
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      `pid ${join(dir, 'nginx.pid')};`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 256; }',
      'http {',
      `    access_log ${join(dir, 'access.log')};`,
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `    ${t}_temp_path ${join(dir, t)};`),
      `    include ${join(dir, 'zonekeeper.conf')};`,
      '}',
      '',
    ].join('\n'),
  )
  const errors = () => (existsSync(errorLog) ? readFileSync(errorLog, 'utf8') : '')
  let output = ''
  const child: ChildProcess = spawn(bin, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', errorLog], { stdio: ['ignore', 'pipe', 'pipe'] })
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()))
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()))
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGQUIT')
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))])
      if (child.exitCode === null) child.kill('SIGKILL')
    }
    rmSync(dir, { recursive: true, force: true })
  }
  const until = Date.now() + 10_000
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > until) {
      const why = `nginx did not start (exit ${child.exitCode}):\n${output}\n${errors()}\n--- configuration:\n${conf}`
      await stop()
      throw new Error(why)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  return { url: `https://localhost:${port}`, port, conf, errors, stop }
}
