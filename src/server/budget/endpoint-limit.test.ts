import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IMPORTS_PER_MINUTE } from '../emulator/dns/import-limits'
import { SEED_ZONES } from '../emulator/seed-ids'
import type { RunningServer } from '../serve'
import { createStore, type Store } from '../store'
import { liveSandbox } from '../../testing/live-sandbox'
import { createBudget } from './budget'

/**
 * A 429 of one endpoint's own limit (the zone-file import's few a minute per zone, code 971) is not
 * the account's: it must not pause the whole deployment. Only a 429 whose `Ratelimit` says nothing
 * is left (or, without the header, one that comes when the last figure was already spent) is.
 */
const dirs: string[] = []
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))
const tempStore = () => {
  const d = mkdtempSync(join(tmpdir(), 'zk-endpoint-limit-'))
  dirs.push(d)
  return createStore({ dataDir: d })
}

describe('budget.observe and a 429', () => {
  let store: Store
  beforeAll(() => {
    store = tempStore()
  })
  afterAll(() => store.close())

  it('a 429 without rate-limit headers, with budget known to be left, refuses nothing else', () => {
    let t = 1_000_000
    const budget = createBudget({ backend: store.budget, now: () => t })
    budget.observe(200, { ratelimit: '"default";r=900;t=200', 'ratelimit-policy': '"default";q=1200;w=300' })
    budget.observe(429, { 'retry-after': '60' })
    expect(budget.state()).toMatchObject({ remaining: 900, blockedForMs: 0 })
    expect(budget.admit('interactive')).toMatchObject({ ok: true })
    expect(budget.admit('long', 15)).toMatchObject({ ok: true })
    t += 1000
    // With no figure at all (a service that sends no headers), an endpoint's 429 pauses nothing either.
    const fresh = createBudget({ backend: store.budget, now: () => t })
    fresh.observe(429, { 'retry-after': '60' })
    expect(fresh.state()).toBeUndefined()
    expect(fresh.admit('interactive')).toMatchObject({ ok: true })
  })

  it('a 429 with budget left in its Ratelimit header is the endpoint’s own limit', () => {
    const budget = createBudget({ backend: store.budget, now: () => 2_000_000 })
    budget.observe(429, { ratelimit: '"default";r=700;t=100', 'ratelimit-policy': '"default";q=1200;w=300', 'retry-after': '60' })
    expect(budget.admit('interactive')).toMatchObject({ ok: true })
  })

  it('the account refused: r=0, or no header once the last figure was spent', () => {
    const t = 3_000_000
    const said = createBudget({ backend: store.budget, now: () => t })
    said.observe(429, { ratelimit: '"default";r=0;t=120', 'ratelimit-policy': '"default";q=1200;w=300', 'retry-after': '120' })
    expect(said.state()).toMatchObject({ remaining: 0, blockedForMs: 120_000 })
    expect(said.admit('interactive')).toMatchObject({ ok: false, retryAfter: 120 })

    const spent = createBudget({ backend: store.budget, now: () => t })
    spent.observe(200, { ratelimit: '"default";r=20;t=200', 'ratelimit-policy': '"default";q=1200;w=300' })
    spent.observe(429, { 'retry-after': '90' })
    expect(spent.state()).toMatchObject({ blockedForMs: 90_000 })
  })
})

describe('the zone-file import’s own limit in live mode', () => {
  // A sandbox that keeps the import's limit per zone; no SANDBOX_RATE_LIMIT, so its answers carry no
  // Ratelimit headers (as an endpoint's own 429 may come without them).
  const kit = liveSandbox()
  let live: RunningServer
  beforeAll(async () => {
    live = await kit.startLive()
  })

  const importInto = async (zoneId: string, i: number) => {
    const form = new FormData()
    form.append('file', new Blob([`limit-${i}.example.com. 300 IN A 192.0.2.${i + 1}\n`]), 'zone.txt')
    form.append('proxied', 'false')
    return fetch(`${live.url}/api/v4/zones/${zoneId}/dns_records/import`, {
      method: 'POST',
      headers: { 'x-zonekeeper-request': '1', 'x-zonekeeper-work': '1' },
      body: form,
    })
  }

  it('past a zone’s imports a minute, that import waits; the rest of the deployment goes on', async () => {
    const zone = SEED_ZONES.demo.id
    for (let i = 0; i < IMPORTS_PER_MINUTE; i++) expect((await importInto(zone, i)).status).toBe(200)
    const refused = await importInto(zone, IMPORTS_PER_MINUTE)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as { errors: { code: number }[] }).errors[0].code).toBe(971)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    // Nobody else is paused: a page read, another zone's import, and the budget panel says so.
    expect((await fetch(`${live.url}/api/v4/zones/${SEED_ZONES.pending.id}/dns_records?per_page=5`)).status).toBe(200)
    expect((await importInto(SEED_ZONES.pending.id, 0)).status).toBe(200)
    const panel = (await (await fetch(`${live.url}/api/local/budget`)).json()) as { result: { budget: { blockedForSeconds: number } | null } }
    expect(panel.result.budget?.blockedForSeconds ?? 0).toBe(0)
  })
})
