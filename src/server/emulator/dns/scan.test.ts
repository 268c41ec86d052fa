import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'

let em: ModuleEmulator
const base = `/zones/${SEED_ZONES.pending.id}/dns_records`
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

describe('DNS scan and review', () => {
  it('a scan finds records the zone lacks; accepting adds them, rejecting drops them', async () => {
    expect((await call(em.app, 'GET', `${base}/scan/review`)).body.result).toEqual([])
    expect((await call(em.app, 'POST', `${base}/scan/trigger`)).status).toBe(200)
    const found = (await call(em.app, 'GET', `${base}/scan/review`)).body.result as { id: string; type: string; name: string }[]
    expect(found.length).toBeGreaterThan(2)
    // A second scan offers nothing twice.
    await call(em.app, 'POST', `${base}/scan/trigger`)
    expect((await call(em.app, 'GET', `${base}/scan/review`)).body.result).toHaveLength(found.length)

    const [take, drop] = found
    const r = await call(em.app, 'POST', `${base}/scan/review`, { accepts: [{ id: take.id, comment: 'from the scan' }], rejects: [{ id: drop.id }] })
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
    expect(r.body.result.accepts[0]).toMatchObject({ type: take.type, name: take.name, comment: 'from the scan' })
    expect(r.body.result.rejects).toEqual([drop.id])
    const left = (await call(em.app, 'GET', `${base}/scan/review`)).body.result.map((x: { id: string }) => x.id)
    expect(left).not.toContain(take.id)
    expect(left).not.toContain(drop.id)
    const inZone = await call(em.app, 'GET', `${base}?type=${take.type}&name=${take.name}`)
    expect(inZone.body.result).toHaveLength(1)
  })

  it('a bad accepted record is refused with a pointer, and nothing changes', async () => {
    const r = await call(em.app, 'POST', `${base}/scan/review`, { accepts: [{ type: 'A', name: 'scan-bad', content: 'nope' }] })
    expect(r.status).toBe(400)
    expect(r.body.errors[0].source?.pointer).toBe('/accepts/0/content')
  })

  it('the one-step scan (POST …/scan) adds what it finds at once and counts it', async () => {
    const zone = `/zones/${SEED_ZONES.moved.id}/dns_records`
    const r = await call(em.app, 'POST', `${zone}/scan`, {})
    expect(r.status, JSON.stringify(r.body.errors)).toBe(200)
    expect(r.body.result.recs_added).toBeGreaterThan(0)
    expect(r.body.result.total_records_parsed).toBeGreaterThanOrEqual(r.body.result.recs_added)
    const mail = await call(em.app, 'GET', `${zone}?type=MX`)
    expect(mail.body.result.length).toBeGreaterThan(0)
    // Again: nothing new to add.
    expect((await call(em.app, 'POST', `${zone}/scan`, {})).body.result.recs_added).toBe(0)
  })
})
