import { describe, expect, it } from 'vitest'
import { certificatePackStatuses } from '@/shared/schemas/certificate-pack'
import { statusText } from './status-text'

describe('certificate status explanations', () => {
  it('explains every documented status in words, with a label', () => {
    for (const s of certificatePackStatuses) {
      const t = statusText(s)
      expect(t.meaning).not.toBe('A status the dashboard does not know yet.')
      expect(t.label).not.toContain('_')
    }
  })

  it('tells what pending validation asks of the user', () => {
    expect(statusText('pending_validation').action).toMatch(/Publish the validation records/)
  })
})

describe('actions the dashboard cannot take', () => {
  it('are marked, so the page says where to do them', () => {
    expect(statusText('expired').elsewhere).toBe(true)
    // Restarting validation is done here (the API's PATCH on the pack).
    expect(statusText('validation_timed_out').elsewhere).toBeUndefined()
    expect(statusText('validation_timed_out').action).toMatch(/restart validation for this pack with the button below/)
    // Publishing validation records is done in DNS, which this dashboard edits.
    expect(statusText('pending_validation').elsewhere).toBeUndefined()
    for (const s of certificatePackStatuses) {
      const t = statusText(s)
      if (t.elsewhere) expect(t.action).toBeTruthy()
    }
  })
})
