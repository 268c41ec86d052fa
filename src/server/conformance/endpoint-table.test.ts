import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_AREAS, API_ENDPOINTS } from '../../shared/endpoints'
import { LOCAL_ROUTES } from '../../shared/endpoints/local'
import { testConfig } from '../../testing/server'
import { createApp } from '../app'
import { type Emulator } from '../emulator'
import { memoryEmulator } from '../../testing/memory-emulator'
import { emulatorModules } from '../emulator/modules'
import { registerModules } from '../emulator/table-routes'

/**
 * The shared endpoint table (src/shared/endpoints) is the one declaration: the allowlist is read
 * from it, and every endpoint in it must be routed by the sandbox, so an endpoint cannot be
 * declared without an emulator route (or served to the dashboard without a declaration).
 */
let emulator: Emulator
beforeAll(() => {
  emulator = memoryEmulator()
}, 60_000)
afterAll(() => emulator?.close())

const SAMPLE: Record<string, string> = { phase: 'http_log_custom_fields', dataset_id: 'http_requests', job_id: '1' }
/** A route as Hono lists it, its parameters unnamed (`/zones/:id{[0-9a-f]{32}}` is `/zones/:`). */
const shape = (method: string, path: string) => `${method} ${path.replace(/:[a-z_]+(\{[^/]*\})?/gi, ':')}`
const TABLE_KEYS = API_ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort()

const concrete = (path: string) => path.replace(/:([a-z_]+)/g, (_, name: string) => SAMPLE[name] ?? 'f'.repeat(32))

describe('the endpoint table', () => {
  it('declares each endpoint once, with an area and whether it writes (for the role matrix)', () => {
    const seen = new Set<string>()
    for (const e of API_ENDPOINTS) {
      const key = `${e.method} ${e.path}`
      expect(seen.has(key), key).toBe(false)
      seen.add(key)
      expect(API_AREAS, key).toContain(e.area)
      expect(e.writes, key).toBe(e.method !== 'GET')
      if (e.body) expect(e.writes, `${key}: only writes carry a body schema`).toBe(true)
    }
  })

  it('says what the audit log records for every write (type, and action or area where not the default)', () => {
    for (const e of API_ENDPOINTS.filter((x) => x.writes)) expect(e.audit?.type, `${e.method} ${e.path}`).toMatch(/^[a-z_]+$/)
  })

  it('lists the local routes once, and the server routes exactly those under /api/local and /api/sandbox', () => {
    const declared = LOCAL_ROUTES.map((r) => `${r.method} ${r.path}`)
    expect(new Set(declared).size).toBe(declared.length)
    const app = createApp({ config: testConfig(), emulator })
    const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE'])
    const routed = new Set(
      app.routes
        .filter((r) => METHODS.has(r.method) && /^\/api\/(local|sandbox)\//.test(r.path) && !r.path.includes('*'))
        .map((r) => `${r.method} ${r.path}`),
    )
    expect([...routed].sort()).toEqual([...declared].sort())
  })

  it("routes every declared local endpoint (/api/local/…, the sandbox reset) in the dashboard's own server", async () => {
    const app = createApp({ config: testConfig(), emulator })
    for (const r of LOCAL_ROUTES) {
      const res = await app.request(`http://127.0.0.1${r.path.replace(/:([a-z_]+)/g, '1')}`, {
        method: r.method,
        headers: { 'x-zonekeeper-request': '1', 'content-type': 'application/json' },
        body: r.method === 'GET' ? undefined : '{}',
      })
      const text = await res.text()
      expect(text, `${r.method} ${r.path} answered "no route"`).not.toContain('"code":7000')
    }
    const unknown = await app.request('http://127.0.0.1/api/local/nothing')
    expect(await unknown.text()).toContain('"code":7000')
  })

  it.each(API_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s is routed by the sandbox', async (_key, e) => {
    const res = await emulator.app.request(concrete(e.path), {
      method: e.method,
      headers: { 'content-type': 'application/json' },
      body: e.method === 'GET' ? undefined : '{}',
    })
    const body = (await res.json().catch(() => ({}))) as { errors?: { code: number }[] }
    expect(body.errors?.map((x) => x.code) ?? [], `${e.method} ${e.path} answered "no route"`).not.toContain(7000)
  })

  it("serves every endpoint through the table's registration (each module's handlers), none elsewhere", () => {
    const served = registerModules(new Hono(), emulatorModules, emulator.ctx)
    expect([...served.keys()].sort()).toEqual(TABLE_KEYS)
  })

  it.each(emulatorModules.filter((m) => m.register).map((m) => [m.name, m] as const))(
    "the %s module's register routes no endpoint of the table (only /client/v4-only routes)",
    async (_name, m) => {
      const app = new Hono()
      m.register!(app, emulator.ctx)
      const table = new Set(API_ENDPOINTS.map((e) => shape(e.method, e.path)))
      const own = app.routes.filter((r) => r.method !== 'ALL').map((r) => shape(r.method, r.path))
      expect(own.length, 'a register with no routes should be left out').toBeGreaterThan(0)
      expect(own.filter((r) => table.has(r))).toEqual([])
      // Nor does any of its routes answer a request for one of the table's endpoints.
      app.notFound((c) => c.text('no route', 404))
      app.onError((_err, c) => c.text('routed', 500))
      for (const e of API_ENDPOINTS) {
        const res = await app.request(concrete(e.path), {
          method: e.method,
          headers: { 'content-type': 'application/json' },
          body: e.method === 'GET' ? undefined : '{}',
        })
        expect(await res.text(), `${m.name}'s register answers ${e.method} ${e.path}`).toBe('no route')
      }
    },
  )
})
