import { describe, expect, it } from 'vitest'
import { policyActionSchema } from '../schemas/page-shield-policy'
import { isPolicyAction, POLICY_ACTIONS } from './policy-actions'

describe('policy actions', () => {
  it('the schema accepts exactly the listed actions', () => {
    for (const a of POLICY_ACTIONS) expect(policyActionSchema.safeParse(a).success).toBe(true)
    expect(policyActionSchema.safeParse('block').success).toBe(false)
  })

  it('recognises only log and allow', () => {
    expect(isPolicyAction('log')).toBe(true)
    expect(isPolicyAction('allow')).toBe(true)
    expect(isPolicyAction('block')).toBe(false)
    expect(isPolicyAction('')).toBe(false)
  })
})
