import { describe, expect, it } from 'vitest'
import {
  isMalicious,
  isReportedMalicious,
  MALICIOUS_JS_INTEGRITY_THRESHOLD,
  MALICIOUS_RULE_TEXT,
  SCORE_EXPLANATIONS,
  SCORE_FIELDS,
} from './malicious'

describe('the malicious rule', () => {
  it('uses the threshold 10 from the specification', () => {
    expect(MALICIOUS_JS_INTEGRITY_THRESHOLD).toBe(10)
  })

  it('classes 9 as malicious, 10 and 11 as not', () => {
    expect(isMalicious(9)).toBe(true)
    expect(isMalicious(10)).toBe(false)
    expect(isMalicious(11)).toBe(false)
  })

  it('covers the ends of the range and unknown scores', () => {
    expect(isMalicious(1)).toBe(true)
    expect(isMalicious(99)).toBe(false)
    expect(isMalicious(null)).toBe(false)
    expect(isMalicious(undefined)).toBe(false)
  })

  it('states the rule in words with the same number', () => {
    expect(MALICIOUS_RULE_TEXT).toContain(`below ${MALICIOUS_JS_INTEGRITY_THRESHOLD}`)
  })

  it('treats a threat-feed report on the URL or the domain as reported', () => {
    expect(isReportedMalicious({ url_reported_malicious: true })).toBe(true)
    expect(isReportedMalicious({ domain_reported_malicious: true, url_reported_malicious: false })).toBe(true)
    expect(isReportedMalicious({})).toBe(false)
  })

  it('explains every score in one sentence that says lower is worse', () => {
    expect(SCORE_FIELDS).toHaveLength(6)
    for (const f of SCORE_FIELDS) {
      expect(SCORE_EXPLANATIONS[f].sentence).toMatch(/lower is worse/)
      expect(SCORE_EXPLANATIONS[f].sentence.split('. ').length).toBeLessThanOrEqual(2)
    }
  })
})
