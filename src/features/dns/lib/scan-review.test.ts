import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dnsModule } from '@/server/emulator/dns'
import { SEED_ZONES } from '@/server/emulator/seed-ids'
import { call, createModuleEmulator, type ModuleEmulator } from '@/testing/module-emulator'
import { reviewFound, reviewSummary, type FoundRecord, type ReviewBody } from './scan-review'

/** Against the sandbox's own scan (src/server/emulator/dns/scan.ts): per-record results of a review. */
let em: ModuleEmulator
const base = `/zones/${SEED_ZONES.pending.id}/dns_records`
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

const sent: ReviewBody[] = []
const send = async (body: ReviewBody) => {
  sent.push(body)
  const r = await call(em.app, 'POST', `${base}/scan/review`, body)
  if (r.status >= 400) throw Object.assign(new Error('refused'), { errors: r.body.errors })
  return r.body.result as { accepts: { id: string }[]; rejects: string[] }
}
const found = async () => (await call(em.app, 'GET', `${base}/scan/review`)).body.result as FoundRecord[]

describe('reviewFound', () => {
  it('accepts and rejects in one request when the API takes them all', async () => {
    await call(em.app, 'POST', `${base}/scan/trigger`)
    const [a, b] = await found()
    sent.length = 0
    const results = await reviewFound(send, [
      { record: a, decision: 'accept' },
      { record: b, decision: 'reject' },
    ])
    expect(sent).toHaveLength(1)
    expect(results).toEqual([
      { id: a.id, decision: 'accept', ok: true, recordId: expect.any(String) },
      { id: b.id, decision: 'reject', ok: true },
    ])
    expect((await call(em.app, 'GET', `${base}?type=${a.type}&name=${a.name}`)).body.result).toHaveLength(1)
    expect((await found()).map((r) => r.id)).not.toContain(b.id)
  })

  it('reports the record the API refuses with its reason, and applies the others', async () => {
    const left = await found()
    const cname = left.find((r) => r.type === 'CNAME')!
    expect(cname).toBeDefined()
    // Meanwhile someone added an address at that name: a CNAME can no longer go there.
    const clash = await call(em.app, 'POST', base, { type: 'A', name: cname.name, content: '192.0.2.50', ttl: 1 })
    expect(clash.status).toBe(200)
    sent.length = 0
    const results = await reviewFound(
      send,
      left.map((record) => ({ record, decision: 'accept' as const })),
    )
    expect(sent).toHaveLength(2) // the whole set, then the set without the refused record
    const refused = results.find((r) => r.id === cname.id)!
    expect(refused).toMatchObject({ ok: false, decision: 'accept', message: expect.stringMatching(/CNAME|same name|already/i) })
    expect(results.filter((r) => r.ok)).toHaveLength(left.length - 1)
    expect(reviewSummary(results)).toBe(`${left.length - 1} added to the zone, 0 rejected, 1 not done (see each record).`)
    // Still offered for review: it was not applied.
    expect((await found()).map((r) => r.id)).toEqual([cname.id])
  })

  it('marks every record not done when the refusal names none of them', async () => {
    const [cname] = await found()
    const results = await reviewFound(
      async () => {
        throw Object.assign(new Error('x'), { errors: [{ code: 971, message: 'Please wait and consider throttling your request speed' }] })
      },
      [{ record: cname, decision: 'reject' }],
    )
    expect(results).toEqual([{ id: cname.id, decision: 'reject', ok: false, message: 'Please wait and consider throttling your request speed' }])
  })
})
