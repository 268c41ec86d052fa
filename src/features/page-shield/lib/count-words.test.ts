import { describe, expect, it } from 'vitest'
import { checkedAgainstLedgerText, countedOverText, patternHoldsText } from './count-words'
import { workingThroughText } from '@/components/bulk/run-bulk'

describe('counted nouns', () => {
  it('says one script or connection in the singular, others in the plural', () => {
    expect(patternHoldsText('cdn.shop.test/*', 1)).toBe('cdn.shop.test/*: 1 script of the zone holds this verdict now.')
    expect(patternHoldsText('cdn.shop.test/*', 3)).toBe('cdn.shop.test/*: 3 scripts of the zone hold this verdict now.')
    expect(countedOverText(1, 'connection')).toBe('counted over the 1 connection')
    expect(countedOverText(12, 'script')).toBe('counted over all 12 scripts')
    expect(checkedAgainstLedgerText(1, 'script', 'status active')).toBe('The 1 script matching these filters (status active) was checked against the review ledger')
    expect(checkedAgainstLedgerText(0, 'connection', 'any status')).toBe('All 0 connections matching these filters (any status) were checked against the review ledger')
  })
  it('says a bulk run of one item in the singular', () => {
    expect(workingThroughText(1)).toBe('Working through 1 item. You can cancel; items already done stay done.')
    expect(workingThroughText(2)).toBe('Working through 2 items. You can cancel; items already done stay done.')
  })
})
