import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { startFakeUpstream } from '../../testing/fake-upstream'
import { testConfig } from '../../testing/server'
import { createApp } from '../app'
import { createStore } from '../store'
import { CHANGE_REQUEST_LEASE_MS } from '../store/change-request-lease'

/**
 * A live bulk delete that reached the API while its instance was killed: the server runs as its own
 * process (npm start's code, on a SQLite store under DATA_DIR), the API (a fake) receives the delete
 * and holds its answer, and the process is killed with SIGKILL. Another instance on the same store,
 * once the dead one's lease has run out, shows the write as "outcome unknown" with the before state
 * and the restore point read before it was sent.
 */
const ZONE = '0123456789abcdef0123456789abcdef'
const IDS = ['a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1a1', 'b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2b2']
const BIND = 'example.com. 300 IN A 192.0.2.1\nmail.example.com. 300 IN A 192.0.2.2\n'
const dir = mkdtempSync(join(tmpdir(), 'zk-crash-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a live write cut short by a crash', () => {
  it('is an entry "outcome unknown" with its before state and restore point on the next instance', async () => {
    let received: () => void = () => {}
    const batchArrived = new Promise<void>((resolve) => (received = resolve))
    const upstream = await startFakeUpstream((req, res) => {
      const path = req.url.replace(/^\/client\/v4/, '').split('?')[0]
      if (req.method === 'POST' && path === `/zones/${ZONE}/dns_records/batch`) return received() // the answer never comes
      res.setHeader('content-type', req.method === 'GET' && path.endsWith('/export') ? 'text/plain' : 'application/json')
      if (path.endsWith('/export')) return res.end(BIND)
      const send = (result: unknown) => res.end(JSON.stringify({ success: true, errors: [], messages: [], result }))
      if (path === `/zones/${ZONE}`) return send({ id: ZONE, name: 'example.com' })
      const id = /\/dns_records\/(\w+)$/.exec(path)?.[1]
      if (id) return send({ id, type: 'A', name: `${id.slice(0, 4)}.example.com`, content: '192.0.2.1', ttl: 300, proxied: false })
      send([])
    })
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', SKIP_BUILD: '1', PORT: '0', DATA_DIR: dir, API_TOKEN: 'crash-token-0123456789abcdef', API_BASE_URL: upstream.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = ''
        child.stdout.on('data', (d: Buffer) => {
          out += d.toString()
          const u = /\(live, forwarding to .*\) at (http:\/\/127\.0\.0\.1:\d+)/.exec(out)?.[1]
          if (u) resolve(u)
        })
        child.on('exit', () => reject(new Error(`the server stopped: ${out}`)))
      })
      const write = fetch(`${url}/api/v4/zones/${ZONE}/dns_records/batch`, {
        method: 'POST',
        headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
        body: JSON.stringify({ deletes: IDS.map((id) => ({ id })) }),
      }).catch(() => 'connection lost')
      await batchArrived
      child.kill('SIGKILL')
      expect(await exited).toBe('SIGKILL')
      expect(await write).toBe('connection lost')
    } finally {
      child.kill('SIGKILL')
      await upstream.close()
    }

    // The next instance, on the same store, after the dead one's lease ran out.
    const store = createStore({ dataDir: dir, now: () => Date.now() + CHANGE_REQUEST_LEASE_MS + 1000 })
    try {
      const app = createApp({ config: testConfig({ dataDir: dir, credential: { kind: 'token', token: 'crash-token-0123456789abcdef' }, apiBaseUrl: 'http://127.0.0.1:9/client/v4' }), store })
      const list = (await (await app.request('/api/local/audit')).json()) as { result: { id: number; outcome: string; action: string; hasRestorePoint: boolean }[] }
      const batch = list.result.filter((e) => e.action === 'batch')
      expect(batch).toHaveLength(1)
      expect(batch[0]).toMatchObject({ outcome: 'unknown', hasRestorePoint: true })
      const entry = (await store.audit.get(batch[0].id))!
      expect(entry).toMatchObject({ mode: 'live', zoneId: ZONE, zoneName: 'example.com', path: `/zones/${ZONE}/dns_records/batch` })
      expect((entry.before as { records: { id: string }[] }).records.map((r) => r.id)).toEqual(IDS)
      expect(entry.errors[0].message).toMatch(/no answer was recorded/)
      expect(await store.audit.restorePoint(entry.id)).toBe(BIND)
      expect((await store.audit.verify()).ok).toBe(true)
    } finally {
      await store.close()
    }
  }, 60_000)
})
