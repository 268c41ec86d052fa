import { Hono } from 'hono'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { registerLocalRoutes } from '.'
import { createStore } from '../store'

const dir = mkdtempSync(join(tmpdir(), 'zk-local-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let clock = new Date('2026-03-01T10:00:00Z')
const app = new Hono()
const store = createStore({ dataDir: dir })
afterAll(() => store.close())
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
const input = { script_id: SCRIPT, verdict: 'expected', note: 'Our CDN build', reviewer: 'Sam Reviewer', script: snapshot }

const post = (body: unknown, headers: Record<string, string> = { 'x-zonekeeper-request': '1' }) =>
  app.request(BASE, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })

describe('review ledger', () => {
  it('opens its store only when first used', () => {
    expect(existsSync(join(dir, 'dashboard.sqlite'))).toBe(false)
  })

  it('refuses writes without the dashboard header or from another site', async () => {
    expect((await post(input, {})).status).toBe(403)
    expect((await post(input, { 'x-zonekeeper-request': '1', origin: 'https://evil.example' })).status).toBe(403)
  })

  it('records who, when, the verdict, the note and the script as it was', async () => {
    const r = await post(input)
    expect(r.status).toBe(201)
    const { result } = await r.json()
    expect(result).toMatchObject({ ...input, zone_id: ZONE, reviewed_at: '2026-03-01T10:00:00.000Z' })
    expect(existsSync(join(dir, 'dashboard.sqlite'))).toBe(true)
  })

  it('validates the input with readable messages', async () => {
    const r = await post({ ...input, verdict: 'ok', note: ' ', reviewer: '' })
    expect(r.status).toBe(400)
    const { errors } = await r.json()
    expect(errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/note',
      '/reviewer',
      '/verdict',
    ])
    expect((await post({ ...input, script_id: 'nope' })).status).toBe(400)
    expect((await app.request(`/api/local/zones/not-a-zone/page-shield/reviews`)).status).toBe(400)
  })

  it('lists the latest review per script and keeps the full history', async () => {
    clock = new Date('2026-03-02T09:00:00Z')
    await post({
      ...input,
      verdict: 'investigate',
      note: 'Hash changed after the vendor update',
      reviewer: 'Ada',
      script: { ...snapshot, hash: 'k'.repeat(64), js_integrity_score: 7 },
    })
    await post({ ...input, script_id: 'c'.repeat(32), note: 'Analytics' })
    const latest = (await (await app.request(BASE)).json()).result
    expect(latest).toHaveLength(2)
    const mine = latest.find((e: { script_id: string }) => e.script_id === SCRIPT)
    expect(mine).toMatchObject({ verdict: 'investigate', reviewer: 'Ada', script: { js_integrity_score: 7 } })
    const history = (await (await app.request(`${BASE}?script_id=${SCRIPT}`)).json()).result
    expect(history.map((e: { verdict: string }) => e.verdict)).toEqual(['investigate', 'expected'])
    expect((await (await app.request(`/api/local/zones/${'d'.repeat(32)}/page-shield/reviews`)).json()).result).toEqual([])
  })

  it('exports every entry as CSV evidence, formulas neutralised', async () => {
    await post({ ...input, note: '=cmd|calc', reviewer: 'Mallory, Jr.' })
    const r = await app.request(`${BASE}/export.csv`)
    expect(r.headers.get('content-type')).toMatch(/^text\/csv/)
    expect(r.headers.get('content-disposition')).toContain('attachment')
    const lines = (await r.text()).trim().split('\r\n')
    expect(lines[0]).toBe(
      'reviewed_at,reviewer,verdict,note,script_id,script_url,script_host,script_hash,js_integrity_score,malware_score,magecart_score,cryptomining_score,zone_id,id',
    )
    expect(lines).toHaveLength(5)
    expect(lines[1]).toContain('Sam Reviewer,expected,Our CDN build')
    expect(lines[4]).toContain(`"Mallory, Jr.",expected,'=cmd|calc`)
  })
})
