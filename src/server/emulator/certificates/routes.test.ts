import { afterAll, describe, expect, it } from 'vitest'
import { certificatePackSchema } from '../../../shared/schemas/certificate-pack'
import { call, createModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { certificatesModule } from './index'

const NOW = new Date('2026-03-01T12:00:00.000Z')
const emulator = createModuleEmulator([certificatesModule], NOW)
afterAll(() => emulator.close())

const demo = SEED_ZONES.demo
const get = (path: string) => call(emulator.app, 'GET', path)

describe('certificate packs list', () => {
  it('lists active packs only by default', async () => {
    const { status, body } = await get(`/zones/${demo.id}/ssl/certificate_packs`)
    expect(status).toBe(200)
    expect(body.result.length).toBeGreaterThan(0)
    expect(body.result.every((p: { status: string }) => p.status === 'active')).toBe(true)
    expect(body.result_info).toMatchObject({ page: 1, per_page: 20, count: body.result.length, total_count: body.result.length })
  })

  it('includes every status with status=all and with the specification spelling ssl_status=all', async () => {
    for (const q of ['status=all', 'ssl_status=all']) {
      const { body } = await get(`/zones/${demo.id}/ssl/certificate_packs?${q}`)
      const statuses = body.result.map((p: { status: string }) => p.status)
      expect(statuses).toEqual(expect.arrayContaining(['active', 'pending_validation', 'validation_timed_out']))
    }
  })

  it('seeds every zone with each state, and one pack expiring within 30 days of now', async () => {
    for (const zone of Object.values(SEED_ZONES)) {
      const { body } = await get(`/zones/${zone.id}/ssl/certificate_packs?status=all`)
      const packs = (body.result as unknown[]).map((p) => certificatePackSchema.parse(p))
      expect(new Set(packs.map((p) => p.status))).toEqual(new Set(['active', 'pending_validation', 'validation_timed_out']))
      expect(packs.every((p) => p.certificates.length > 0)).toBe(true)
      const expiring = packs.filter((p) =>
        p.certificates.some((c) => c.expires_on && Date.parse(c.expires_on) - NOW.getTime() < 30 * 86_400_000),
      )
      expect(expiring).toHaveLength(1)
      const pending = packs.find((p) => p.status === 'pending_validation')!
      expect(pending.validation_records?.[0]?.txt_name).toBe(`_acme-challenge.${zone.name}`)
      expect(pending.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    }
  })

  it('pages with result_info and answers an empty page past the end', async () => {
    const first = await get(`/zones/${demo.id}/ssl/certificate_packs?status=all&per_page=5`)
    expect(first.body.result).toHaveLength(5)
    expect(first.body.result_info).toEqual({ page: 1, per_page: 5, count: 5, total_count: 5, total_pages: 1 })
    const past = await get(`/zones/${demo.id}/ssl/certificate_packs?status=all&per_page=5&page=2`)
    expect(past.status).toBe(200)
    expect(past.body.result).toEqual([])
  })

  it('refuses unknown status values and clamps per_page into 5–50', async () => {
    const bad = await get(`/zones/${demo.id}/ssl/certificate_packs?status=pending`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source?.pointer).toBe('/status')
    expect((await get(`/zones/${demo.id}/ssl/certificate_packs?per_page=4`)).body.result_info!.per_page).toBe(5)
    expect((await get(`/zones/${demo.id}/ssl/certificate_packs?per_page=51`)).body.result_info!.per_page).toBe(50)
    expect((await get(`/zones/${demo.id}/ssl/certificate_packs?per_page=many`)).status).toBe(400)
  })

  it('reads ssl_status only when status is not sent: status wins, and a bad ssl_status beside it refuses nothing', async () => {
    const base = `/zones/${demo.id}/ssl/certificate_packs`
    const statuses = (body: { result: { status: string }[] }) => new Set(body.result.map((p) => p.status))
    // The service's only parameter is `status` (openapi-subset: enum [all]); it ignores any other key.
    const ignored = await get(`${base}?status=all&ssl_status=sometimes`)
    expect(ignored.status).toBe(200)
    expect(statuses(ignored.body)).toEqual(new Set(['active', 'pending_validation', 'validation_timed_out']))
    expect(statuses((await get(`${base}?status=active&ssl_status=all`)).body)).toEqual(new Set(['active']))
    // A bad `status` is refused whatever ssl_status says: the service refuses it.
    const bad = await get(`${base}?ssl_status=all&status=sometimes`)
    expect(bad.status).toBe(400)
    expect(bad.body.errors[0].source?.pointer).toBe('/status')
    // Alone, ssl_status is the specification's name of the parameter and takes its values.
    const alone = await get(`${base}?ssl_status=sometimes`)
    expect(alone.status).toBe(400)
    expect(alone.body.errors[0].source?.pointer).toBe('/ssl_status')
    // An empty status is not sent: ssl_status is read.
    expect(statuses((await get(`${base}?status=&ssl_status=all`)).body).size).toBe(3)
  })

  it('answers 404 for an unknown zone', async () => {
    expect((await get(`/zones/${'0'.repeat(32)}/ssl/certificate_packs`)).status).toBe(404)
  })
})

describe('one certificate pack', () => {
  it('returns the pack with its certificates', async () => {
    const list = await get(`/zones/${demo.id}/ssl/certificate_packs?status=all`)
    const pack = list.body.result[0]
    const one = await get(`/zones/${demo.id}/ssl/certificate_packs/${pack.id}`)
    expect(one.status).toBe(200)
    expect(one.body.result).toEqual(pack)
    expect(one.body.result.certificates[0]).toMatchObject({ zone_id: demo.id, bundle_method: 'ubiquitous' })
  })

  it('answers 404 for an unknown pack, and for a pack of another zone', async () => {
    expect((await get(`/zones/${demo.id}/ssl/certificate_packs/00000000-0000-4000-8000-000000000000`)).status).toBe(404)
    const other = await get(`/zones/${SEED_ZONES.large.id}/ssl/certificate_packs`)
    const res = await get(`/zones/${demo.id}/ssl/certificate_packs/${other.body.result[0].id}`)
    expect(res.status).toBe(404)
    expect(res.body.success).toBe(false)
  })
})

describe('certificate pack PATCH (restart validation)', () => {
  const base = `/zones/${demo.id}/ssl/certificate_packs`
  const packs = async () => (await get(`${base}?status=all`)).body.result as { id: string; type: string; status: string }[]
  const patch = (id: string, body: unknown) => call(emulator.app, 'PATCH', `${base}/${id}`, body)

  it('restarts validation of a pack whose validation timed out', async () => {
    const timedOut = (await packs()).find((p) => p.status === 'validation_timed_out')!
    const { status, body } = await patch(timedOut.id, {})
    expect(status).toBe(200)
    const pack = certificatePackSchema.parse(body.result)
    expect(pack.status).toBe('pending_validation')
    expect(pack.validation_records?.every((r) => r.status === 'pending')).toBe(true)
    expect(pack.validation_errors).toBeUndefined()
    expect(pack.certificates.every((c) => c.status === 'pending_validation')).toBe(true)
    expect((await get(`${base}/${timedOut.id}`)).body.result.status).toBe('pending_validation')
  })

  it('refuses a restart for a pack that did not time out, other pack types, bad bodies and unknown packs', async () => {
    const all = await packs()
    const active = all.find((p) => p.type === 'advanced' && p.status === 'active')!
    const refused = await patch(active.id, {})
    expect(refused.status).toBe(400)
    expect(refused.body.errors[0].message).toMatch(/only be restarted for a pack whose validation timed out.*this pack is active/)
    const universal = all.find((p) => p.type !== 'advanced')!
    expect((await patch(universal.id, {})).body.errors[0].message).toMatch(/Only advanced certificate packs/)
    expect((await patch(active.id, { cloudflare_branding: 'yes' })).status).toBe(400)
    expect((await patch('00000000-0000-4000-8000-000000000000', {})).status).toBe(404)
  })

  it('sets Cloudflare branding on an advanced pack in any status', async () => {
    const active = (await packs()).find((p) => p.type === 'advanced' && p.status === 'active')!
    const { status, body } = await patch(active.id, { cloudflare_branding: true })
    expect(status).toBe(200)
    expect(body.result).toMatchObject({ status: 'active', cloudflare_branding: true })
  })
})
