import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig, type FakeEmulator } from '../../testing/server'
import { readConfig } from '../config'
import type { RunningServer } from '../serve'

/**
 * When the dashboard requires sign-in, the sandbox's /client/v4 door takes only the
 * token the administrator set (SANDBOX_API_TOKEN), instead of any well-formed credential.
 */
const TOKEN = 'sandbox-admin-token-0123456789'
const open = (server: RunningServer, headers: Record<string, string>) =>
  rawRequest(server.url, { path: '/client/v4/zones', headers })

describe('/client/v4 behind sign-in', () => {
  let emulator: FakeEmulator
  let withToken: RunningServer
  let withoutToken: RunningServer
  beforeAll(async () => {
    emulator = fakeEmulator()
    withToken = await startApp({ config: testConfig({ dashboardPassword: 'pw-0123456789', sandboxApiToken: TOKEN }), emulator })
    withoutToken = await startApp({ config: testConfig({ dashboardPassword: 'pw-0123456789' }), emulator })
  })
  afterAll(async () => {
    await withToken.close()
    await withoutToken.close()
  })

  it('refuses any other Bearer token with 403 code 10000, before the emulator', async () => {
    emulator.seen.length = 0
    for (const auth of ['Bearer anything', `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`]) {
      const res = await open(withToken, { authorization: auth })
      expect(res.status).toBe(403)
      expect(JSON.parse(res.body).errors[0].code).toBe(10000)
    }
    const pair = await open(withToken, { 'x-auth-email': 'a@example.com', 'x-auth-key': 'not-the-token' })
    expect(pair.status).toBe(403)
    expect(emulator.seen).toHaveLength(0)
  })

  it('accepts the administrator’s token, as a Bearer token or as the key of a pair', async () => {
    expect((await open(withToken, { authorization: `Bearer ${TOKEN}` })).status).toBe(200)
    expect((await open(withToken, { 'x-auth-email': 'a@example.com', 'x-auth-key': TOKEN })).status).toBe(200)
  })

  it('keeps the service’s header errors (no credential at all is still 400 code 9106)', async () => {
    const res = await open(withToken, {})
    expect(res.status).toBe(400)
    expect(JSON.parse(res.body).errors[0].code).toBe(9106)
  })

  it('without SANDBOX_API_TOKEN the door is closed to every client and says why', async () => {
    emulator.seen.length = 0
    const res = await open(withoutToken, { authorization: `Bearer ${TOKEN}` })
    expect(res.status).toBe(403)
    expect(JSON.parse(res.body).errors[0].message).toMatch(/SANDBOX_API_TOKEN/)
    expect(emulator.seen).toHaveLength(0)
  })
})

describe('SANDBOX_API_TOKEN setting', () => {
  it('is read from the environment, and refused when too short to be a secret', () => {
    expect(readConfig({ SANDBOX_API_TOKEN: ` ${TOKEN} ` }, []).sandboxApiToken).toBe(TOKEN)
    expect(readConfig({}, []).sandboxApiToken).toBeUndefined()
    expect(() => readConfig({ SANDBOX_API_TOKEN: 'short' }, [])).toThrow(/at least 16/)
  })
})
