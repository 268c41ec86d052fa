import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { readConfig } from '../config'
import { createRateLimiter } from '../emulator/rate-limit'
import { memoryEmulator } from '../../testing/memory-emulator'
import { testConfig } from '../../testing/server'

const emulator = memoryEmulator({ scaleZones: false })
afterAll(() => emulator.close())
// A window no test run outlasts: what the answers say does not depend on how busy the machine is. The
// window's end is shown on a clock the test moves (last test); the rate budget's screen and live
// tests wait out a real sandbox window.
const WINDOW = 600
const app = createApp({ config: testConfig({ sandboxRateLimit: { quota: 5, windowSeconds: WINDOW } }), emulator })
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
      expect(res.headers.get('ratelimit-policy')).toBe(`"default";q=5;w=${WINDOW}`)
      seen.push(res.headers.get('ratelimit')!)
    }
    expect(seen.map((h) => /r=(\d+)/.exec(h)![1])).toEqual(['4', '3', '2', '1', '0'])
    // The seconds until the window resets: what is left of the window, rounded up.
    const resets = seen.map((h) => Number(/^"default";r=\d+;t=(\d+)$/.exec(h)?.[1]))
    expect(resets.every((t) => t > WINDOW - 60 && t <= WINDOW)).toBe(true)
    for (const path of ['/client/v4/zones', `/client/v4/zones/${'0'.repeat(32)}/dns_records`]) {
      const refused = await get(token, path)
      expect(refused.status).toBe(429)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(WINDOW - 60)
      expect(retryAfter).toBeLessThanOrEqual(WINDOW)
      expect(refused.headers.get('ratelimit')).toBe(`"default";r=0;t=${retryAfter}`)
      expect((await refused.json()).errors[0].code).toBe(971)
    }
    // Another token has its own budget.
    expect((await get('token-two-0123456789')).status).toBe(200)
  })

  it('refuses until the window is over, then lets the token call again (on a clock the test moves)', () => {
    let now = 1_000_000
    const limiter = createRateLimiter({ quota: 5, windowSeconds: 2 }, () => now)
    for (let i = 0; i < 5; i++) expect(limiter.take('token-one').allowed).toBe(true)
    now += 500
    expect(limiter.take('token-one')).toEqual({
      allowed: false,
      headers: { ratelimit: '"default";r=0;t=2', 'ratelimit-policy': '"default";q=5;w=2', 'retry-after': '2' },
    })
    now += 1499 // 1 ms before the window ends
    expect(limiter.take('token-one').headers['retry-after']).toBe('1')
    now += 1 // the window is over: a new one starts with this call
    const again = limiter.take('token-one')
    expect(again.allowed).toBe(true)
    expect(again.headers.ratelimit).toBe('"default";r=4;t=2')
  })

  it('is off by default: no headers, no limit', async () => {
    const plain = createApp({ config: testConfig(), emulator })
    const res = await plain.request('/client/v4/zones', { headers: { authorization: 'Bearer x' } })
    expect(res.headers.get('ratelimit')).toBeNull()
  })
})
