import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_AREAS, API_ENDPOINTS } from '../shared/endpoints'
import { createEmulator, type Emulator } from './emulator'

/**
 * The shared endpoint table (src/shared/endpoints) is the one declaration: the allowlist is read
 * from it, and every endpoint in it must be routed by the sandbox, so an endpoint cannot be
 * declared without an emulator route (or served to the dashboard without a declaration).
 */
let emulator: Emulator
beforeAll(() => {
  emulator = createEmulator({ file: ':memory:' })
}, 60_000)
afterAll(() => emulator?.close())

const SAMPLE: Record<string, string> = { phase: 'http_log_custom_fields', dataset_id: 'http_requests', job_id: '1' }
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

  it.each(API_ENDPOINTS.map((e) => [`${e.method} ${e.path}`, e] as const))('%s is routed by the sandbox', async (_key, e) => {
    const res = await emulator.app.request(concrete(e.path), {
      method: e.method,
      headers: { 'content-type': 'application/json' },
      body: e.method === 'GET' ? undefined : '{}',
    })
    const body = (await res.json().catch(() => ({}))) as { errors?: { code: number }[] }
    expect(body.errors?.map((x) => x.code) ?? [], `${e.method} ${e.path} answered "no route"`).not.toContain(7000)
  })
})
