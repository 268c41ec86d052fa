import { describe, expect, it } from 'vitest'
import type { PolicyFormValues } from '@/shared/schemas/page-shield-policy'
import { lazyPolicyResolver, loadPolicyResolver } from './lazy-policy-resolver'

const options = { fields: {}, shouldUseNativeValidation: false } as const
const good: PolicyFormValues = {
  description: '  Checkout  ',
  action: 'log',
  expression: 'true',
  enabled: true,
  value: "script-src 'self'",
}

describe('lazyPolicyResolver', () => {
  it('returns the parsed values of a valid policy (trimmed, as the schema outputs them)', async () => {
    const res = await lazyPolicyResolver(good, undefined, options)
    expect(res.errors).toEqual({})
    expect(res.values).toEqual({ ...good, description: 'Checkout' })
  })

  it("puts the schema's messages on the fields of an invalid policy", async () => {
    const res = await lazyPolicyResolver({ ...good, description: ' ', value: "scripts-src 'self'" }, undefined, options)
    expect(res.values).toEqual({})
    expect(res.errors.description?.message).toBe('description is required: say in a few words what the policy protects.')
    expect(res.errors.value?.message).toMatch(/not a directive/)
    expect(res.errors.action).toBeUndefined()
  })

  it('downloads the schema module once', async () => {
    expect(await loadPolicyResolver()).toBe(await loadPolicyResolver())
  })
})
