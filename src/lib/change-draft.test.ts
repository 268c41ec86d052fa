import { afterEach, describe, expect, it } from 'vitest'
import { MAX_CHANGE_ITEMS } from '@/shared/change-request-limit'
import { changeDraft, type DraftItem } from './change-draft'

const Z = 'a'.repeat(32)
const del = (i: number): DraftItem => ({ action: 'delete', recordId: `r${i}`, label: `Delete r${i}` })
const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => del(from + i))

describe('the change draft: one request holds at most MAX_CHANGE_ITEMS changes', () => {
  afterEach(() => changeDraft.clear())

  it('adds a batch that fits, counting a second change to the same record once', () => {
    expect(changeDraft.addMany(Z, 'example.com', range(0, MAX_CHANGE_ITEMS))).toEqual({ added: true })
    // The same records again (a second decision on each) replace the first: still MAX_CHANGE_ITEMS.
    expect(changeDraft.addMany(Z, 'example.com', range(0, 10))).toEqual({ added: true })
  })

  it('refuses a batch that would pass the limit, says the size it would have had, and leaves the draft as it was', () => {
    changeDraft.addMany(Z, 'example.com', range(0, MAX_CHANGE_ITEMS - 5))
    expect(changeDraft.addMany(Z, 'example.com', range(1000, 6))).toEqual({ added: false, size: MAX_CHANGE_ITEMS + 1 })
    // Five more fit exactly: nothing of the refused batch was kept.
    expect(changeDraft.addMany(Z, 'example.com', range(2000, 5))).toEqual({ added: true })
    expect(changeDraft.addMany(Z, 'example.com', range(3000, 1))).toEqual({ added: false, size: MAX_CHANGE_ITEMS + 1 })
  })

  it('starts again for another zone (one request is for one zone)', () => {
    changeDraft.addMany(Z, 'example.com', range(0, MAX_CHANGE_ITEMS))
    expect(changeDraft.addMany('b'.repeat(32), 'example.org', range(0, 3))).toEqual({ added: true })
  })
})
