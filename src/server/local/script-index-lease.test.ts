import { Hono, type Context } from 'hono'
import { describe, expect, it } from 'vitest'
import { registerLocalRoutes } from '.'
import type { ForwardRequest } from '../upstream'
import { storeBackends } from '../../testing/store-backends'

// A refresh of the script or connection index holds the store's lease while it reads the list page
// by page, and renews it at every page: a read slower than its lease (a 20,000-script zone under
// load) is not joined by a second read from the next request. One that stalls past its lease and
// loses it stops, writing no more progress and no end. The pages here come from a fake API whose
// every page moves the routes' clock on by 0.6 of the lease, and which can hold a page back.
const ZONE = 'a'.repeat(32)
const SCRIPTS = `/api/local/zones/${ZONE}/page-shield/script-index`
const CONNECTIONS = `/api/local/zones/${ZONE}/page-shield/connection-index`
const LEASE = 10_000

const { backends } = storeBackends('zk-index-lease-store-')

const item = (kind: 'scripts' | 'connections', i: number) => ({
  id: i.toString(16).padStart(32, '0'),
  url: `https://cdn${i}.example/${kind}.js`,
  host: `cdn${i}.example`,
  status: 'active',
  hash: kind === 'scripts' ? 'ab'.repeat(32) : undefined,
  js_integrity_score: kind === 'scripts' ? 50 : undefined,
  first_seen_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  last_seen_at: new Date(1_700_000_000_000 + i * 1000).toISOString(),
  url_reported_malicious: false,
  domain_reported_malicious: false,
  malicious_url_categories: [],
  malicious_domain_categories: [],
})

/**
 * A fake API with `total` items in the list of `kind`. Each list page served moves the clock on by
 * `step`; the first request for page `holdAt` waits until `release()` (and `held` resolves when it
 * arrives). `served` names which request (1, 2, ... by request context) read which page.
 */
function fakeApi(kind: 'scripts' | 'connections', total: number, clock: { t: number }, { holdAt, step }: { holdAt: number; step: number }) {
  const builds = new WeakMap<Context, number>()
  let lastBuild = 0
  const served: { build: number; page: number }[] = []
  let release!: () => void
  const gate = new Promise<void>((r) => (release = r))
  let arrived!: () => void
  const held = new Promise<void>((r) => (arrived = r))
  let holding = true
  const forward = async (req: ForwardRequest, c: Context) => {
    const url = new URL(`http://api${req.pathAndQuery}`)
    if (!url.pathname.endsWith(`/page_shield/${kind}`)) {
      return new Response(JSON.stringify({ success: false, errors: [{ code: 7003, message: 'No route' }], result: null }), { status: 404 })
    }
    if (!builds.has(c)) builds.set(c, ++lastBuild)
    const page = Number(url.searchParams.get('page'))
    const perPage = Number(url.searchParams.get('per_page'))
    if (page === holdAt && holding) {
      holding = false
      arrived()
      await gate
    }
    served.push({ build: builds.get(c)!, page })
    clock.t += step
    const items = Array.from({ length: Math.max(0, Math.min(perPage, total - (page - 1) * perPage)) }, (_, k) => item(kind, (page - 1) * perPage + k + 1))
    const result_info = { page, per_page: perPage, count: items.length, total_count: total, total_pages: Math.ceil(total / perPage) }
    return new Response(JSON.stringify({ success: true, errors: [], messages: [], result: items, result_info }), { headers: { 'content-type': 'application/json' } })
  }
  const pagesOf = (build: number) => served.filter((s) => s.build === build).map((s) => s.page)
  /** Resolves once no page was served for a while (a build left running in the background is done). */
  const settled = async () => {
    for (let n = -1; n !== served.length; ) {
      n = served.length
      await new Promise((res) => setTimeout(res, 200))
    }
  }
  return { forward, served, pagesOf, held, release, settled }
}

async function setUp(open: (now?: () => number) => Promise<import('../store').Store>, kind: 'scripts' | 'connections', total: number, o: { holdAt: number; step: number }) {
  const clock = { t: 1_000_000 }
  const store = await open(() => clock.t)
  const api = fakeApi(kind, total, clock, o)
  // Who ended a refresh (the store's finish, called once per refresh that reached its end).
  const finishes: boolean[] = []
  const own = kind === 'scripts' ? store.scriptIndex : store.connections
  const finish = own.finish.bind(own) as (...a: unknown[]) => Promise<boolean>
  ;(own as { finish: unknown }).finish = async (...a: unknown[]) => {
    const ok = await finish(...a)
    finishes.push(ok)
    return ok
  }
  // Runs before the next claim of the lease (once): what happens between a request's read of the state and its claim.
  const hooks: { beforeClaim?: () => Promise<void> } = {}
  const claim = own.claim.bind(own) as (...a: unknown[]) => Promise<boolean>
  ;(own as { claim: unknown }).claim = async (...a: unknown[]) => {
    const hook = hooks.beforeClaim
    hooks.beforeClaim = undefined
    await hook?.()
    return claim(...a)
  }
  const app = new Hono()
  registerLocalRoutes(app, { store, scriptIndex: { forward: api.forward, mode: 'sandbox', now: () => clock.t, firstBuildWaitMs: 0, leaseMs: LEASE } })
  return { clock, store, api, app, finishes, hooks }
}

/** Asks until the index answers whole (200), at most 200 times. */
async function whole(app: Hono, path: string) {
  for (let i = 0; i < 200; i++) {
    const r = await app.request(path)
    if (r.status === 200) return (await r.json()).result
    expect(r.status).toBe(202)
    await new Promise((res) => setTimeout(res, 20))
  }
  throw new Error('the index never answered whole')
}

describe.each(backends)('index refresh leases on $name', ({ skip, open }) => {
  it.skipIf(skip)('a first script build slower than its lease renews it: a request meanwhile gets its progress, not a second build', async () => {
    // Each page takes 0.6 of the lease: by page 3 the build has run 1.2 leases.
    const { store, api, app, finishes } = await setUp(open, 'scripts', 500, { holdAt: 3, step: LEASE * 0.6 })
    expect((await app.request(SCRIPTS)).status).toBe(202)
    await api.held
    const meanwhile = await app.request(SCRIPTS)
    expect(meanwhile.status).toBe(202)
    expect((await meanwhile.json()).result.building).toEqual({ seen: 200, total: 500 })
    api.release()
    const result = await whole(app, SCRIPTS)
    expect(result.counts.total).toBe(500)
    // One build read the list once; no second build started over it.
    expect(api.served.filter((s) => s.page === 1)).toHaveLength(1)
    expect(finishes).toEqual([true])
    await store.close()
  })

  it.skipIf(skip)('a script build that stalls past its lease and loses it stops: no more pages, progress or end of its own', async () => {
    // Pages are quick (0.1 of the lease each); the third is held while the clock runs 2 leases on.
    const { clock, store, api, app, finishes } = await setUp(open, 'scripts', 500, { holdAt: 3, step: LEASE * 0.1 })
    expect((await app.request(SCRIPTS)).status).toBe(202)
    await api.held
    clock.t += 2 * LEASE
    // Its lease lapsed: the next request takes it over and builds the index (the first build is presumed dead).
    await app.request(SCRIPTS)
    expect((await whole(app, SCRIPTS)).counts.total).toBe(500)
    const progress = await store.scriptIndex.state(`sandbox:${ZONE}`)
    // Then the stalled build gets its page.
    api.release()
    await api.settled()
    // The first build read its held page, found its lease gone and stopped there: its progress and end were not written.
    expect(await store.scriptIndex.state(`sandbox:${ZONE}`)).toEqual(progress)
    expect(api.pagesOf(1)).toEqual([1, 2, 3])
    expect(api.pagesOf(2)).toEqual([1, 2, 3, 4, 5])
    expect(finishes).toEqual([true])
    await store.close()
  })

  it.skipIf(skip)('a request that read the state just before the first build ended does not start the build again', async () => {
    const { store, api, app, finishes, hooks } = await setUp(open, 'scripts', 500, { holdAt: 3, step: LEASE * 0.1 })
    expect((await app.request(SCRIPTS)).status).toBe(202)
    await api.held
    // The next request reads "never built", then the build ends and gives its lease back, then the request claims it.
    hooks.beforeClaim = async () => {
      api.release()
      while (!finishes.length) await new Promise((res) => setTimeout(res, 10))
    }
    const next = await app.request(SCRIPTS)
    expect(next.status).toBe(200)
    expect((await next.json()).result.counts.total).toBe(500)
    await api.settled()
    expect(api.served.filter((s) => s.page === 1)).toHaveLength(1)
    expect(finishes).toEqual([true])
    await store.close()
  })

  it.skipIf(skip)('a connection index read slower than its lease renews it: a request meanwhile waits for it instead of reading again', async () => {
    const { store, api, app, finishes } = await setUp(open, 'connections', 500, { holdAt: 3, step: LEASE * 0.6 })
    const first = app.request(CONNECTIONS)
    await api.held
    const second = app.request(CONNECTIONS)
    await new Promise((res) => setTimeout(res, 100))
    api.release()
    for (const r of await Promise.all([first, second])) {
      expect(r.status).toBe(200)
      expect((await r.json()).result.total_count).toBe(500)
    }
    expect(api.served.filter((s) => s.page === 1)).toHaveLength(1)
    expect(finishes).toEqual([true])
    await store.close()
  })

  it.skipIf(skip)('a connection index read that stalls past its lease and loses it stops without ending it', async () => {
    const { clock, store, api, app, finishes } = await setUp(open, 'connections', 500, { holdAt: 3, step: LEASE * 0.1 })
    const first = app.request(CONNECTIONS)
    await api.held
    clock.t += 2 * LEASE
    const second = await app.request(CONNECTIONS)
    expect(second.status).toBe(200)
    expect((await second.json()).result.total_count).toBe(500)
    api.release()
    expect((await first).status).toBe(200)
    expect(api.pagesOf(1)).toEqual([1, 2, 3])
    expect(api.pagesOf(2)).toEqual([1, 2, 3, 4, 5])
    expect(finishes).toEqual([true])
    await store.close()
  })
  it.skipIf(skip)('a request that found the connection index stale just before a read ended does not read it again', async () => {
    const { store, api, app, finishes, hooks } = await setUp(open, 'connections', 500, { holdAt: 3, step: LEASE * 0.1 })
    const first = app.request(CONNECTIONS)
    await api.held
    hooks.beforeClaim = async () => {
      api.release()
      expect((await first).status).toBe(200)
    }
    const next = await app.request(CONNECTIONS)
    expect(next.status).toBe(200)
    expect((await next.json()).result.total_count).toBe(500)
    expect(api.served.filter((s) => s.page === 1)).toHaveLength(1)
    expect(finishes).toEqual([true])
    await store.close()
  })
})
