import { Hono } from 'hono'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { registerLocalRoutes } from '.'
import { registerAuth } from '../auth'
import { addPerson, sessionCookie } from '../auth/test-helpers'
import { createStore } from '../store'

const dir = mkdtempSync(join(tmpdir(), 'zk-local-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let clock = new Date('2026-03-01T10:00:00Z')
const store = createStore({ dataDir: dir })
afterAll(() => store.close())
const app = new Hono()
registerAuth(app, { store, host: '127.0.0.1', forward: async () => new Response(null, { status: 404 }) })
registerLocalRoutes(app, { store, now: () => clock })

const ZONE = 'a'.repeat(32)
const SCRIPT = 'b'.repeat(32)
const BASE = `/api/local/zones/${ZONE}/page-shield/reviews`
const snapshot = {
  url: 'https://cdn.example/x.js',
  host: 'cdn.example',
  hash: 'h'.repeat(64),
  js_integrity_score: 80,
  malware_score: 90,
  magecart_score: 91,
  cryptomining_score: 99,
}
const input = { script_id: SCRIPT, verdict: 'expected', note: 'Our CDN build', script: snapshot }
const cookies: Record<string, string> = {}

const post = (body: unknown, as: string, headers: Record<string, string> = { 'x-zonekeeper-request': '1' }) =>
  app.request(BASE, { method: 'POST', headers: { 'content-type': 'application/json', cookie: cookies[as], ...headers }, body: JSON.stringify(body) })
const get = (url: string) => app.request(url, { headers: { cookie: cookies.sam } })

describe('review ledger', () => {
  it('opens its store only when first used', () => {
    expect(existsSync(join(dir, 'dashboard.sqlite'))).toBe(false)
  })

  it('records the local administrator while nobody is defined', async () => {
    const r = await app.request(BASE, { method: 'POST', headers: { 'content-type': 'application/json', 'x-zonekeeper-request': '1' }, body: JSON.stringify(input) })
    expect(r.status).toBe(201)
    expect((await r.json()).result.reviewer).toBe('Local administrator')
  })

  it('records the signed-in person, whatever name the body claims', async () => {
    for (const [name, role] of [['sam', 'reviewer'], ['ada', 'reviewer'], ['vic', 'viewer']] as const) {
      const { password } = await addPerson(store, name, role)
      cookies[name] = await sessionCookie(app, name, password)
    }
    const r = await post({ ...input, reviewer: 'Somebody Else' }, 'sam')
    expect(r.status).toBe(201)
    const { result } = await r.json()
    expect(result).toMatchObject({ ...input, reviewer: 'Sam (sam)', zone_id: ZONE, reviewed_at: '2026-03-01T10:00:00.000Z' })
    expect(existsSync(join(dir, 'dashboard.sqlite'))).toBe(true)
  })

  it('refuses viewers, writes without the dashboard header, and other sites', async () => {
    const viewer = await post(input, 'vic')
    expect(viewer.status).toBe(403)
    expect((await viewer.json()).errors[0].message).toContain('reviewer role')
    expect((await post(input, 'sam', {})).status).toBe(403)
    expect((await post(input, 'sam', { 'x-zonekeeper-request': '1', origin: 'https://evil.example' })).status).toBe(403)
  })

  it('validates the input with readable messages', async () => {
    const r = await post({ ...input, verdict: 'ok', note: ' ' }, 'sam')
    expect(r.status).toBe(400)
    const { errors } = await r.json()
    expect(errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual(['/note', '/verdict'])
    expect((await post({ ...input, script_id: 'nope' }, 'sam')).status).toBe(400)
    expect((await get(`/api/local/zones/not-a-zone/page-shield/reviews`)).status).toBe(400)
  })

  it('lists the latest review per script and keeps the full history', async () => {
    clock = new Date('2026-03-02T09:00:00Z')
    await post(
      { ...input, verdict: 'investigate', note: 'Hash changed after the vendor update', script: { ...snapshot, hash: 'k'.repeat(64), js_integrity_score: 7 } },
      'ada',
    )
    await post({ ...input, script_id: 'c'.repeat(32), note: 'Analytics' }, 'sam')
    const latest = (await (await get(BASE)).json()).result
    expect(latest).toHaveLength(2)
    const mine = latest.find((e: { script_id: string }) => e.script_id === SCRIPT)
    expect(mine).toMatchObject({ verdict: 'investigate', reviewer: 'Ada (ada)', script: { js_integrity_score: 7 } })
    const history = (await (await get(`${BASE}?script_id=${SCRIPT}`)).json()).result
    expect(history.map((e: { verdict: string }) => e.verdict)).toEqual(['investigate', 'expected', 'expected'])
    expect((await (await get(`/api/local/zones/${'d'.repeat(32)}/page-shield/reviews`)).json()).result).toEqual([])
  })

  it('exports every entry as CSV evidence, formulas neutralised', async () => {
    await post({ ...input, note: '=cmd|calc' }, 'sam')
    const r = await get(`${BASE}/export.csv`)
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(r.headers.get('content-disposition')).toContain('attachment')
    const lines = (await r.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'kind,reviewed_at,reviewer,verdict,note,script_id,script_url,script_host,script_hash,js_integrity_score,malware_score,magecart_score,cryptomining_score,connection_id,connection_url,connection_host,connection_threat_then,zone_id,id',
    )
    expect(lines).toHaveLength(6)
    expect(lines[1]).toContain('Local administrator,expected,Our CDN build')
    expect(lines[2]).toContain('Sam (sam),expected,Our CDN build')
    expect(lines[5]).toContain(`Sam (sam),expected,'=cmd|calc`)
  })

  it('records "malicious" as a verdict, kept in the history beside earlier ones', async () => {
    clock = new Date('2026-03-03T09:00:00Z')
    const r = await post({ ...input, verdict: 'malicious', note: 'Skimmer injected through the tag manager' }, 'sam')
    expect(r.status).toBe(201)
    const history = (await (await get(`${BASE}?script_id=${SCRIPT}`)).json()).result
    expect(history.map((e: { verdict: string }) => e.verdict).slice(0, 2)).toEqual(['malicious', 'expected'])
  })
})
