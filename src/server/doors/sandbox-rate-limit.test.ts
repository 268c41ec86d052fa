import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { readConfig } from '../config'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'

const emulator = memoryEmulator({ scaleZones: false })
afterAll(() => emulator.close())
const app = createApp({ config: testConfig({ sandboxRateLimit: { quota: 5, windowSeconds: 2 } }), emulator })
const get = (token: string, path = '/client/v4/zones') => app.request(path, { headers: { authorization: `Bearer ${token}` } })

describe('SANDBOX_RATE_LIMIT: the sandbox keeps the service rate limit per token', () => {
  it('reads <requests>/<seconds> and refuses anything else', () => {
    expect(readConfig({ SANDBOX_RATE_LIMIT: ' 1200 / 300 ' }, []).sandboxRateLimit).toEqual({ quota: 1200, windowSeconds: 300 })
    expect(readConfig({ SANDBOX_RATE_LIMIT: '' }, []).sandboxRateLimit).toBeUndefined()
    expect(() => readConfig({ SANDBOX_RATE_LIMIT: '1200' }, [])).toThrow(/^SANDBOX_RATE_LIMIT must be <requests>\/<seconds>/)
    expect(() => readConfig({ SANDBOX_RATE_LIMIT: '0/300' }, [])).toThrow(/^SANDBOX_RATE_LIMIT must be/)
    expect(() => readConfig({ SANDBOX_RATE_LIMIT: '10/86401' }, [])).toThrow(/^SANDBOX_RATE_LIMIT must be/)
    expect(readConfig({}, []).sandboxRateLimit).toBeUndefined()
  })

  it('puts Ratelimit and Ratelimit-Policy on every answer, then refuses every call with 429 and retry-after for the rest of the window', async () => {
    const token = 'token-one-0123456789'
    const seen: string[] = []
    for (let i = 0; i < 5; i++) {
      const res = await get(token, i === 2 ? `/client/v4/zones/${'0'.repeat(32)}` : '/client/v4/zones')
      expect(res.status).toBe(i === 2 ? 404 : 200) // errors count and carry the headers too
      expect(res.headers.get('ratelimit-policy')).toBe('"default";q=5;w=2')
      seen.push(res.headers.get('ratelimit')!)
    }
    expect(seen.map((h) => /r=(\d+)/.exec(h)![1])).toEqual(['4', '3', '2', '1', '0'])
    expect(seen.every((h) => /^"default";r=\d+;t=[12]$/.test(h))).toBe(true)
    for (const path of ['/client/v4/zones', `/client/v4/zones/${'0'.repeat(32)}/dns_records`]) {
      const refused = await get(token, path)
      expect(refused.status).toBe(429)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(2)
      expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=[12]$/)
      expect((await refused.json()).errors[0].code).toBe(971)
    }
    // Another token has its own budget.
    expect((await get('token-two-0123456789')).status).toBe(200)
    // Once the window is over, the token may call again.
    await new Promise((r) => setTimeout(r, 2100))
    const again = await get(token)
    expect(again.status).toBe(200)
    expect(again.headers.get('ratelimit')).toMatch(/r=4;/)
  })

  it('is off by default: no headers, no limit', async () => {
    const plain = createApp({ config: testConfig(), emulator })
    const res = await plain.request('/client/v4/zones', { headers: { authorization: 'Bearer x' } })
    expect(res.headers.get('ratelimit')).toBeNull()
  })
})
