import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from '.'
import { IMPORT_MAX_BYTES, importRateLimit, RateLimited } from './import-limits'

/** The service's import limits, and malformed uploads answered with the envelope. */
let em: ModuleEmulator
const URL_ = `/zones/${SEED_ZONES.moved.id}/dns_records/import`
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000)
afterAll(() => em.close())

const upload = async (text: string) => {
  const form = new FormData()
  form.set('file', new Blob([text], { type: 'text/plain' }), 'zone.txt')
  const res = await em.app.request(URL_, { method: 'POST', body: form })
  return { status: res.status, body: await res.json() }
}
const raw = async (body: string, type = 'multipart/form-data; boundary=XYZ') => {
  const res = await em.app.request(URL_, { method: 'POST', body, headers: { 'content-type': type } })
  return { status: res.status, body: await res.json() }
}

describe('import limits', () => {
  it('refuses a file over 256 KiB with a 400 that says the limit, adding nothing', async () => {
    const line = 'big.example.net. 300 IN TXT "' + 'x'.repeat(200) + '"\n'
    const { status, body } = await upload(line.repeat(Math.ceil((IMPORT_MAX_BYTES + 1) / line.length)))
    expect(status).toBe(400)
    expect(body).toMatchObject({ success: false, errors: [{ code: 1004, source: { pointer: '/file' } }] })
    expect(body.errors[0].message).toMatch(/at most 256 KiB/)
  })

  it('refuses a file whose $GENERATE lines would make more than 25,000 records', async () => {
    const text = Array.from({ length: 3 }, (_, k) => `$GENERATE 1-9999 g${k}-$ 300 IN A 192.0.2.1`).join('\n')
    const { status, body } = await upload(text)
    expect(status).toBe(400)
    expect(body.errors[0].message).toMatch(/more than 25,000 records/)
  })

  it('answers a malformed multipart body with 400 and the envelope, not a 500', async () => {
    for (const body of ['garbage', '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="z"\r\n\r\nwww 300 IN A 192.0.2.1\r\n']) {
      const res = await raw(body)
      expect(res.status).toBe(400)
      expect(res.body).toMatchObject({ success: false, result: null, errors: [{ code: 1004 }] })
    }
    expect((await raw('garbage', 'multipart/form-data')).status).toBe(400)
  })
})

describe('import rate', () => {
  it('lets a zone import a few times a minute, then answers 429 with Retry-After', () => {
    let t = 0
    const limit = importRateLimit(2, () => t)
    limit.take('z')
    limit.take('z')
    limit.take('other')
    expect(() => limit.take('z')).toThrow(RateLimited)
    try {
      limit.take('z')
    } catch (err) {
      expect((err as RateLimited).status).toBe(429)
      expect((err as RateLimited).retryAfter).toBe(60)
      expect((err as RateLimited).errors[0].code).toBe(971)
    }
    t = 60_001
    expect(() => limit.take('z')).not.toThrow()
  })
})
