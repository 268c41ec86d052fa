import { describe, expect, it } from 'vitest'
import { withoutSecrets } from './secrets'

describe('withoutSecrets', () => {
  it('replaces secret-looking fields at any depth, in objects and arrays', () => {
    const input = { name: 'job', destination: { token: 'abc', nested: [{ password: 'p', keep: 1 }] }, secret: null, flag: { token: true } }
    expect(withoutSecrets(input)).toEqual({
      name: 'job',
      destination: { token: '[not recorded]', nested: [{ password: '[not recorded]', keep: 1 }] },
      secret: null,
      flag: { token: true },
    })
    // The input itself is left as it was.
    expect(input.destination.token).toBe('abc')
    expect(input.destination.nested[0].password).toBe('p')
  })

  it('shares what holds no secret instead of copying it', () => {
    const records = Array.from({ length: 3 }, (_, i) => ({ id: String(i), content: '192.0.2.1', meta: { source: 'primary' } }))
    const before = { records, job: { api_key: 'k' } }
    const out = withoutSecrets(before) as typeof before
    expect(out).not.toBe(before)
    expect(out.records).toBe(records)
    expect(withoutSecrets(records)).toBe(records)
  })
})
