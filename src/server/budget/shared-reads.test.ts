import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { ForwardRequest } from '../upstream'
import { wholeAnswers } from '../upstream/whole-answers'
import { isAccountWide, sharedReads } from './shared-reads'

/** An upstream that answers from a table and counts what reaches it (answers read whole, as upstream.ts marks them). */
function upstream(answers: Record<string, { status: number; body: unknown }>) {
  const seen: string[] = []
  let gate: Promise<void> | undefined
  const send = async (req: ForwardRequest) => {
    seen.push(req.pathAndQuery)
    await gate
    const a = answers[req.pathAndQuery] ?? { status: 404, body: { success: false } }
    const body = new TextEncoder().encode(JSON.stringify(a.body)) as Uint8Array<ArrayBuffer>
    const headers = { 'content-type': 'application/json' }
    const res = new Response(body, { status: a.status, headers })
    wholeAnswers.set(res, { status: a.status, headers, body })
    return res
  }
  return { send, seen, hold: (p: Promise<void>) => (gate = p) }
}
const get = (pathAndQuery: string): ForwardRequest => ({ method: 'GET', pathAndQuery })
const ZONE = 'a'.repeat(32)

describe('shared reads', () => {
  it('counts as account-wide exactly the zone list and one zone, any query (the rule as two patterns)', () => {
    const rule = (p: string) => /^\/zones(\?|$)/.test(p) || /^\/zones\/([0-9a-f]{32})(\?|$)/.test(p)
    const id = fc.stringMatching(/^[0-9a-gA]{30,34}$/)
    const tail = fc.stringMatching(/^[/?a-z0-9=&]{0,6}$/)
    const path = fc.oneof(
      fc.tuple(id, tail).map(([i, t]) => `/zones/${i}${t}`),
      tail.map((t) => `/zones${t}`),
      fc.string({ maxLength: 48 }),
    )
    fc.assert(fc.property(path, (p) => isAccountWide(p) === rule(p)), { numRuns: 2000 })
    for (const p of ['/zones', '/zones?page=2', `/zones/${ZONE}`, `/zones/${ZONE}?x=1`]) expect(isAccountWide(p)).toBe(true)
    for (const p of ['/zonesx', '/zones/', `/zones/${ZONE}/dns_records`, `/zones/${ZONE}x`, `/zones/${ZONE.toUpperCase()}`]) expect(isAccountWide(p)).toBe(false)
  })

  it('keeps account-wide lists for their time, shared; other reads are only coalesced', async () => {
    let t = 0
    const shared = sharedReads({ ttlMs: 1000, now: () => t })
    const up = upstream({ '/zones?per_page=50': { status: 200, body: { result: [1] } }, [`/zones/${ZONE}/dns_records`]: { status: 200, body: { result: [] } } })
    for (let i = 0; i < 3; i++) expect(await (await shared.read(get('/zones?per_page=50'), up.send)).json()).toEqual({ result: [1] })
    await shared.read(get(`/zones/${ZONE}/dns_records`), up.send)
    await shared.read(get(`/zones/${ZONE}/dns_records`), up.send)
    expect(up.seen).toEqual(['/zones?per_page=50', `/zones/${ZONE}/dns_records`, `/zones/${ZONE}/dns_records`])
    t = 1000
    await shared.read(get('/zones?per_page=50'), up.send)
    expect(up.seen.filter((p) => p === '/zones?per_page=50')).toHaveLength(2)
  })

  it('never keeps a 404', async () => {
    const shared = sharedReads()
    const up = upstream({})
    expect((await shared.read(get(`/zones/${ZONE}`), up.send)).status).toBe(404)
    expect((await shared.read(get(`/zones/${ZONE}`), up.send)).status).toBe(404)
    expect(up.seen).toHaveLength(2)
  })

  it('a write that changes zones drops what it changes, and a read started before it is not kept', async () => {
    const shared = sharedReads()
    const answers = { '/zones': { status: 200, body: { v: 1 } }, [`/zones/${ZONE}`]: { status: 200, body: { v: 1 } } }
    const up = upstream(answers)
    await shared.read(get('/zones'), up.send)
    await shared.read(get(`/zones/${ZONE}`), up.send)
    shared.wrote(`/zones/${ZONE}/dns_records`) // a DNS write changes no zone
    expect(shared.entries()).toHaveLength(2)
    answers['/zones'] = { status: 200, body: { v: 2 } }
    let open!: () => void
    up.hold(new Promise<void>((r) => (open = r)))
    const during = shared.read(get('/zones'), up.send)
    shared.wrote(`/zones/${ZONE}`)
    open()
    await during
    expect(shared.entries()).toEqual([]) // both dropped, and the read that overlapped the write not kept
    expect(await (await shared.read(get('/zones'), up.send)).json()).toEqual({ v: 2 })
  })

  it('drops the least recently used entry one at a time when full', async () => {
    const shared = sharedReads({ maxEntries: 3 })
    const answers: Record<string, { status: number; body: unknown }> = {}
    for (let i = 0; i < 5; i++) answers[`/zones?page=${i}`] = { status: 200, body: { i } }
    const up = upstream(answers)
    for (let i = 0; i < 3; i++) await shared.read(get(`/zones?page=${i}`), up.send)
    await shared.read(get('/zones?page=0'), up.send) // used again: kept
    await shared.read(get('/zones?page=3'), up.send)
    expect(shared.entries().map((e) => e.path).sort()).toEqual(['/zones?page=0', '/zones?page=2', '/zones?page=3'])
  })

  it('joins a read on its way, and a follower of a failed read sends its own', async () => {
    const shared = sharedReads()
    const up = upstream({ [`/zones/${ZONE}/dns_records`]: { status: 200, body: { ok: 1 } } })
    let open!: () => void
    up.hold(new Promise<void>((r) => (open = r)))
    const all = Array.from({ length: 5 }, () => shared.read(get(`/zones/${ZONE}/dns_records`), up.send))
    open()
    const bodies = await Promise.all((await Promise.all(all)).map((r) => r.json()))
    expect(bodies).toEqual(Array(5).fill({ ok: 1 }))
    expect(up.seen).toHaveLength(1)
    expect(shared.stats()).toMatchObject({ coalesced: 4, sent: 1 })
  })
})
