import { Hono } from 'hono'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { registerLocalRoutes } from '.'
import { registerAuth } from '../auth'
import { addPerson, sessionCookie } from '../../testing/server/auth'
import type { Emulator } from '../emulator'
import { pageShieldModule } from '../emulator/page-shield'
import { SEED_ZONES } from '../emulator/seed-ids'
import { emulatorForward } from '../doors/sandbox-door'
import { createStore } from '../store'
import { createModuleEmulator } from '../../testing/module-emulator'

const dir = mkdtempSync(join(tmpdir(), 'zk-local-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

let clock = new Date('2026-03-01T10:00:00Z')
const store = createStore({ dataDir: dir })
// The sandbox's page security: the server reads the script it records a verdict on from it.
const me = createModuleEmulator([pageShieldModule])
const emulator: Emulator = { ...me, reset: async () => {}, ready: Promise.resolve(), preparing: () => [] }
afterAll(async () => {
  await store.close()
  me.close()
})
const app = new Hono()
registerAuth(app, { store, host: '127.0.0.1', forward: async () => new Response(null, { status: 404 }) })
registerLocalRoutes(app, { store, now: () => clock, forward: emulatorForward(emulator) })

const ZONE = SEED_ZONES.demo.id
type ScriptRow = { id: string; url: string; host: string; hash: string | null; js_integrity_score: number | null; malware_score: number | null; magecart_score: number | null; cryptomining_score: number | null }
const scripts = me.db
  .prepare('SELECT id, url, host, hash, js_integrity_score, malware_score, magecart_score, cryptomining_score FROM page_shield_scripts WHERE zone_id = ? AND hash IS NOT NULL ORDER BY id LIMIT 2')
  .all(ZONE) as ScriptRow[]
const SCRIPT = scripts[0].id
const OTHER = scripts[1].id
const BASE = `/api/local/zones/${ZONE}/page-shield/reviews`
/** The script as the API holds it: what a verdict records. */
const { id: _id, ...stored } = scripts[0]
/** What a browser might claim instead (a next version's hash, clean scores). */
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
    expect(result).toMatchObject({ ...input, script: stored, reviewer: 'Sam (sam)', zone_id: ZONE, reviewed_at: '2026-03-01T10:00:00.000Z' })
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
    // The vendor's update reaches the API: the next verdict records the new version.
    me.db.prepare('UPDATE page_shield_scripts SET hash = ?, js_integrity_score = 7 WHERE id = ?').run('k'.repeat(64), SCRIPT)
    await post({ ...input, verdict: 'investigate', note: 'Hash changed after the vendor update' }, 'ada')
    await post({ ...input, script_id: OTHER, note: 'Analytics' }, 'sam')
    const latest = (await (await get(BASE)).json()).result
    expect(latest).toHaveLength(2)
    const mine = latest.find((e: { script_id: string }) => e.script_id === SCRIPT)
    expect(mine).toMatchObject({ verdict: 'investigate', reviewer: 'Ada (ada)', script: { hash: 'k'.repeat(64), js_integrity_score: 7 } })
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
      'kind,reviewed_at,reviewer,verdict,note,script_id,script_url,script_host,script_hash,js_integrity_score,malware_score,magecart_score,cryptomining_score,connection_id,connection_url,connection_host,connection_threat_then,zone_id,id,pattern,pattern_expires_at',
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

  it('records the script as the API has it, never the hash or scores the body claims; an unknown script is a 404 and records nothing', async () => {
    const before = (await (await get(`${BASE}?script_id=${SCRIPT}`)).json()).result.length
    // A reviewer pre-approving the next version's hash (and clean scores) for a script in the zone.
    const forged = await post({ ...input, script: { ...snapshot, hash: 'f'.repeat(64), magecart_score: 99 } }, 'sam')
    expect(forged.status).toBe(201)
    const { result } = await forged.json()
    const now = me.db.prepare('SELECT hash, magecart_score, url FROM page_shield_scripts WHERE id = ?').get(SCRIPT) as { hash: string; magecart_score: number | null; url: string }
    expect(result.script).toMatchObject(now)
    expect(JSON.stringify(await (await get(`${BASE}/export.csv`)).text())).not.toContain('f'.repeat(64))

    const unknown = await post({ ...input, script_id: 'e'.repeat(32) }, 'sam')
    expect(unknown.status).toBe(404)
    expect((await (await get(`${BASE}?script_id=${'e'.repeat(32)}`)).json()).result).toEqual([])
    expect((await (await get(`${BASE}?script_id=${SCRIPT}`)).json()).result).toHaveLength(before + 1)
  })
})
