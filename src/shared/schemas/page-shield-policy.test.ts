import { describe, expect, it } from 'vitest'
import { pageShieldSettingsInputSchema } from './page-shield'
import { policyCreateSchema, policyUpdateSchema } from './page-shield-policy'

const good = { description: 'Checkout', action: 'log', expression: 'true', enabled: true, value: "script-src 'self'" }
const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message)

describe('policy input', () => {
  it('accepts log and allow, and enabled as a boolean or "true"/"false"', () => {
    expect(policyCreateSchema.parse(good).action).toBe('log')
    expect(policyCreateSchema.parse({ ...good, action: 'allow', enabled: 'false' }).enabled).toBe(false)
  })

  it('requires all five fields on create, any subset on update', () => {
    expect(messages(policyCreateSchema.safeParse({}))).toEqual(
      expect.arrayContaining([
        'description is required.',
        'action is required: "log" or "allow".',
        'expression is required.',
        'enabled is required.',
        'value is required.',
      ]),
    )
    expect(policyUpdateSchema.parse({ enabled: false })).toEqual({ enabled: false })
    expect(policyUpdateSchema.parse({})).toEqual({})
  })

  it('refuses other actions with a message that explains both', () => {
    const [msg] = messages(policyCreateSchema.safeParse({ ...good, action: 'block' }))
    expect(msg).toMatch(/"log" \(report .* block nothing\) or "allow" \(block everything/)
    expect(policyUpdateSchema.safeParse({ action: 'add_reporting_directives' }).success).toBe(false)
  })

  it('checks the CSP value and refuses blanks', () => {
    expect(messages(policyCreateSchema.safeParse({ ...good, value: 'script-src a.com; foo-src b.com' }))[0]).toMatch(
      /"foo-src" is not a directive/,
    )
    expect(messages(policyCreateSchema.safeParse({ ...good, description: '   ' }))[0]).toMatch(/description is required/)
    expect(messages(policyCreateSchema.safeParse({ ...good, enabled: 'yes' }))[0]).toBe('enabled must be true or false.')
  })
})

describe('settings input', () => {
  it('takes any subset of booleans, under either name for the reporting flag', () => {
    expect(pageShieldSettingsInputSchema.parse({})).toEqual({})
    expect(pageShieldSettingsInputSchema.parse({ use_service_reporting_endpoint: true })).toEqual({
      use_service_reporting_endpoint: true,
    })
    expect(pageShieldSettingsInputSchema.safeParse({ enabled: 'true' }).success).toBe(false)
    expect(
      pageShieldSettingsInputSchema.safeParse({ use_cloudflare_reporting_endpoint: true, use_service_reporting_endpoint: false })
        .success,
    ).toBe(false)
  })
})
