import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../serve'
import { loggablePath } from './request-log'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig } from '../../testing/server'

describe('loggablePath', () => {
  it('keeps the path and the query keys, drops the values', () => {
    expect(loggablePath('/api/v4/zones?name=secret.example&account.id=abc')).toBe('/api/v4/zones?name=…&account.id=…')
    expect(loggablePath('/api/v4/zones')).toBe('/api/v4/zones')
  })
  it('cannot be used to forge log lines', () => {
    expect(loggablePath('/a\r\nGET /forged 200 1ms')).not.toMatch(/[\r\n]/)
  })
})

describe('request log', () => {
  const lines: string[] = []
  let server: RunningServer
  beforeAll(async () => {
    server = await startApp({
      config: testConfig(),
      emulator: fakeEmulator(),
      log: (l) => lines.push(l),
      endpoints: [{ method: 'GET', path: '/zones' }],
    })
  })
  afterAll(() => server.close())

  it('writes one line per request: method, path without query values, status, milliseconds; never headers', async () => {
    lines.length = 0
    await rawRequest(server.url, {
      path: '/api/v4/zones?name=private-customer.example&page=2',
      headers: { authorization: 'Bearer header-secret-123', cookie: 'zonekeeper_session=cookie-secret' },
    })
    await rawRequest(server.url, { method: 'POST', path: '/api/sandbox/reset' })
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^GET \/api\/v4\/zones\?name=…&page=… 200 \d+ms$/)
    expect(lines[1]).toMatch(/^POST \/api\/sandbox\/reset 403 \d+ms$/)
    const all = lines.join('\n')
    for (const secret of ['private-customer', 'header-secret', 'cookie-secret']) expect(all).not.toContain(secret)
  })

  it('leaves health checks out', async () => {
    lines.length = 0
    await rawRequest(server.url, { path: '/healthz' })
    expect(lines).toEqual([])
  })
})
