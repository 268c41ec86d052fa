import { describe, expect, it } from 'vitest'
import { batchIdsForUrl, batchUrl, idsQuery, SAFE_URL_LENGTH } from './batching'

const hex = (n: number) => n.toString(16).padStart(32, '0')
const ids = (count: number) => Array.from({ length: count }, (_, i) => hex(i + 1))
const base = 'https://dash.example.test/api/v4/zones/0123456789abcdef0123456789abcdef/firewall/rules'

describe('idsQuery / batchUrl', () => {
  it('repeats the parameter once per id and encodes values', () => {
    expect(idsQuery(['a', 'b c'])).toBe('?id=a&id=b%20c')
    expect(batchUrl('/x?zone=1', ['a'], 'id')).toBe('/x?zone=1&id=a')
    expect(idsQuery([])).toBe('')
  })
})

describe('batchIdsForUrl', () => {
  it('keeps every URL at or under the safe length by default', () => {
    const batches = batchIdsForUrl(ids(500), { baseUrl: base })
    expect(batches.length).toBeGreaterThan(1)
    for (const b of batches) expect(batchUrl(base, b).length).toBeLessThanOrEqual(SAFE_URL_LENGTH)
    // Greedy: every batch but the last is full enough that one more id would overflow.
    for (const b of batches.slice(0, -1)) expect(batchUrl(base, [...b, hex(9999)]).length).toBeGreaterThan(SAFE_URL_LENGTH)
  })

  it('loses no id, keeps the order and drops duplicates', () => {
    const input = [...ids(300), hex(5), hex(7)]
    const batches = batchIdsForUrl(input, { baseUrl: base })
    expect(batches.flat()).toEqual(ids(300))
  })

  it('respects the per-request cap of the server', () => {
    const batches = batchIdsForUrl(ids(250), { baseUrl: '/r', maxIdsPerRequest: 100, maxUrlLength: 100_000 })
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50])
  })

  it('applies whichever limit is tighter', () => {
    // 32-hex ids cost 36 characters each ("&id=" + 32): 10 fit in 4 + 360 = 364.
    const batches = batchIdsForUrl(ids(25), { baseUrl: '/abc', maxUrlLength: 364, maxIdsPerRequest: 100 })
    expect(batches.map((b) => b.length)).toEqual([10, 10, 5])
    expect(batchUrl('/abc', batches[0]).length).toBe(364)
  })

  it('accounts for encoding when measuring', () => {
    const weird = ['ä'.repeat(10), 'b'.repeat(10)]
    // "ä" encodes to %C3%A4 (6 chars): 1 + 3 + 60 = 64 for the first pair.
    const batches = batchIdsForUrl(weird, { baseUrl: '/x', maxUrlLength: 2 + 64 + 10 })
    expect(batches).toEqual([[weird[0]], [weird[1]]])
  })

  it('returns no batch for no ids', () => {
    expect(batchIdsForUrl([], { baseUrl: base })).toEqual([])
  })

  it('refuses when a single id cannot fit', () => {
    expect(() => batchIdsForUrl(['x'.repeat(100)], { baseUrl: '/x', maxUrlLength: 50 })).toThrow(RangeError)
    expect(() => batchIdsForUrl(['a'], { baseUrl: '/x', maxIdsPerRequest: 0 })).toThrow(RangeError)
  })
})
