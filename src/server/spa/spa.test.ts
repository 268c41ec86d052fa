import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningServer } from '../serve'
import { rawRequest } from '../../testing/http'
import { fakeEmulator, startApp, testConfig } from '../../testing/server'

let server: RunningServer
const INDEX =
  '<!doctype html><html lang="en"><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>'

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'zk-dist-'))
  mkdirSync(join(dist, 'assets'))
  writeFileSync(join(dist, 'index.html'), INDEX)
  writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  server = await startApp({ config: testConfig(), emulator: fakeEmulator(), staticDir: dist })
})
afterAll(() => server.close())

const get = (path: string) => rawRequest(server.url, { path })

describe('serving the built dashboard', () => {
  it('serves index.html at / with a strict content security policy', async () => {
    const res = await get('/')
    expect(res.status).toBe(200)
    expect(res.body).toBe(INDEX)
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self'/)
    expect(res.headers['content-security-policy']).toMatch(/frame-ancestors 'none'/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['cache-control']).toBe('no-cache')
  })

  it('falls back to index.html for page paths, so that deep links work', async () => {
    for (const path of ['/zones', '/zones/', '/invites?page=2']) {
      const res = await get(path)
      expect(res.status, path).toBe(200)
      expect(res.body).toBe(INDEX)
    }
  })

  it('serves hashed assets with a long cache and real types; a missing asset is a 404, not the page', async () => {
    const js = await get('/assets/index-abc123.js')
    expect(js.status).toBe(200)
    expect(js.headers['content-type']).toMatch(/javascript/)
    expect(js.headers['cache-control']).toMatch(/immutable/)
    expect((await get('/favicon.svg')).headers['content-type']).toMatch(/svg/)
    const missing = await get('/assets/index-gone.js')
    expect(missing.status).toBe(404)
    expect(missing.body).not.toContain('<div id="root">')
  })

  it('answers unknown /api paths with the JSON envelope, never the page', async () => {
    for (const path of ['/api/nope', '/api/v4/not-allowlisted', '/api/']) {
      const res = await get(path)
      expect(res.status, path).toBe(404)
      expect(JSON.parse(res.body)).toMatchObject({ success: false, errors: [{ code: 7000 }] })
    }
  })

  it('does not serve files outside dist', async () => {
    for (const path of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await get(path)
      expect(res.body, path).not.toContain('"name"')
    }
  })
})

describe('GET /healthz', () => {
  it('tells the mode', async () => {
    const res = await get('/healthz')
    expect(JSON.parse(res.body)).toEqual({ ok: true, mode: 'sandbox', preparing: [] })
    const live = await startApp({ config: testConfig({ credential: { kind: 'token', token: 'tok-123456789' } }) })
    try {
      expect(JSON.parse((await rawRequest(live.url, { path: '/healthz' })).body)).toEqual({ ok: true, mode: 'live' })
    } finally {
      await live.close()
    }
  })
})

describe('without a build', () => {
  it('says how to build instead of failing obscurely', async () => {
    const bare = await startApp({ config: testConfig(), emulator: fakeEmulator(), staticDir: join(tmpdir(), 'zk-no-dist-here') })
    try {
      const res = await rawRequest(bare.url, { path: '/' })
      expect(res.status).toBe(503)
      expect(res.body).toMatch(/npm run build/)
    } finally {
      await bare.close()
    }
  })
})
