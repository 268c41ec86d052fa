import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, watchOf } from '../app'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import { memoryEmulator } from '../../testing/memory-emulator'
import { SEED_ZONES } from '../emulator/seed-ids'
import { createStore } from '../store'
import { testConfig } from '../../testing/server'

const ZONE = SEED_ZONES.demo.id
const W = `/api/local/zones/${ZONE}/watch`
const dir = mkdtempSync(join(tmpdir(), 'zk-watch-roles-'))
const emulator = memoryEmulator({ scaleZones: false })
const store = createStore({ dataDir: dir })
const app = createApp({ config: testConfig(), emulator, store, watch: { startDelayMs: 0 } })
const cookies: Record<string, string> = {}

const call = (who: string, path: string, method = 'GET', body?: unknown) =>
  app.request(`http://127.0.0.1${path}`, {
    method,
    headers: { cookie: cookies[who], 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

beforeAll(async () => {
  for (const [name, role, zones] of [
    ['ada', 'admin', '*'],
    ['rex', 'reviewer', '*'],
    ['vic', 'viewer', '*'],
    ['sol', 'reviewer', ['bigcorp-records.com']],
  ] as const) {
    const { password } = await addPerson(store, name, role, zones === '*' ? '*' : [...zones])
    cookies[name] = await sessionCookie(app, name, password)
  }
  expect((await call('ada', '/api/sandbox/page-shield/activity', 'POST', { zone_id: ZONE, kind: 'new-script' })).status).toBe(200)
  await watchOf(app).tick()
})
afterAll(async () => {
  await watchOf(app).stop()
  await store.close()
  emulator.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('script watch roles and zone scope', () => {
  it('administrators set channels, schedules and simulated activity; nobody else does', async () => {
    for (const who of ['rex', 'vic']) {
      // Channels are read by everyone in scope (reviewer.test.ts: without their secrets), changed by administrators.
      expect((await call(who, `${W}/channels`)).status).toBe(200)
      expect((await call(who, `${W}/channels`, 'POST', { kind: 'email', target: 'a@b.test' })).status).toBe(403)
      expect((await call(who, W, 'PUT', { interval_minutes: 30, enabled: true })).status).toBe(403)
      expect((await call(who, '/api/sandbox/page-shield/activity', 'POST', { zone_id: ZONE, kind: 'new-script' })).status).toBe(403)
    }
    const put = await call('ada', W, 'PUT', { interval_minutes: 30, enabled: true })
    expect(put.status).toBe(200)
    expect(((await put.json()) as { result: { interval_minutes: number } }).result.interval_minutes).toBe(30)
  })

  it('reviewers acknowledge alerts, each for themselves; viewers read them only', async () => {
    const list = async (who: string) => ((await (await call(who, `${W}/alerts`)).json()) as { result: { id: number; read_at: number | null }[] }).result
    const [alert] = await list('vic')
    expect(alert.read_at).toBeNull()
    expect((await call('vic', `${W}/alerts/${alert.id}/read`, 'POST')).status).toBe(403)
    expect((await call('rex', `${W}/alerts/${alert.id}/read`, 'POST')).status).toBe(200)
    expect((await list('rex'))[0].read_at).toEqual(expect.any(Number))
    expect((await list('vic'))[0].read_at).toBeNull()
    expect((await call('rex', `${W}/alerts/999999/read`, 'POST')).status).toBe(404)
  })

  it('zone scope applies to alerts, reports and channels', async () => {
    for (const path of [`${W}/alerts`, `${W}/report`, `${W}/report.csv`, `${W}/runs`, W]) expect((await call('sol', path)).status).toBe(403)
    expect((await call('sol', `${W}/alerts/1/read`, 'POST')).status).toBe(403)
    expect((await call('vic', `${W}/report`)).status).toBe(200)
  })
})

describe('simulated activity in live mode', () => {
  it('does not exist', async () => {
    const liveStore = createStore({ dataDir: ':memory:' })
    const live = createApp({ config: testConfig({ credential: { kind: 'token', token: 'live-token-123' } }), store: liveStore })
    const res = await live.request('http://127.0.0.1/api/sandbox/page-shield/activity', {
      method: 'POST',
      headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
      body: JSON.stringify({ zone_id: ZONE, kind: 'new-script' }),
    })
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('only in the sandbox')
    await liveStore.close()
  })
})
