import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '@/lib/api-client'
import { runBulk, type BulkItemResult } from './run-bulk'

const items = Array.from({ length: 10 }, (_, i) => ({ id: `r${i}` }))
const base = { key: (r: { id: string }) => r.id, label: (r: { id: string }) => `record ${r.id}` }

function collect() {
  const seen: BulkItemResult<unknown>[] = []
  return { seen, onResult: (rs: BulkItemResult<unknown>[]) => seen.push(...rs) }
}

describe('runBulk', () => {
  it('runs every item and reports failures with the API code and message', async () => {
    const c = collect()
    const results = await runBulk(
      items,
      {
        ...base,
        perItem: async (r) => {
          if (r.id === 'r3') throw new ApiRequestError(404, [{ code: 81044, message: 'Record does not exist.' }])
        },
      },
      { cancelled: () => false, onResult: c.onResult },
    )
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'failed', 'ok', 'ok', 'ok', 'ok', 'ok', 'ok'])
    expect(results[3].errors).toEqual([{ code: 81044, message: 'Record does not exist.' }])
    expect(c.seen).toHaveLength(10)
  })

  it('after cancel, starts nothing new and marks the rest skipped', async () => {
    let cancelled = false
    let started = 0
    const results = await runBulk(
      items,
      {
        ...base,
        concurrency: 2,
        perItem: async () => {
          started++
          if (started === 3) cancelled = true
          await new Promise((r) => setTimeout(r, 1))
        },
      },
      { cancelled: () => cancelled, onResult: () => {} },
    )
    expect(started).toBeLessThan(10)
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(started)
    expect(results.filter((r) => r.status === 'skipped')).toHaveLength(10 - started)
  })

  it('keeps at most `concurrency` calls running', async () => {
    let running = 0
    let peak = 0
    await runBulk(
      items,
      {
        ...base,
        concurrency: 3,
        perItem: async () => {
          running++
          peak = Math.max(peak, running)
          await new Promise((r) => setTimeout(r, 2))
          running--
        },
      },
      { cancelled: () => false, onResult: () => {} },
    )
    expect(peak).toBe(3)
  })

  it('runs batches; per-item errors and whole-batch failures both land on the right items', async () => {
    const sizes: number[] = []
    const results = await runBulk(
      items,
      {
        ...base,
        perBatch: {
          size: 4,
          run: async (batch) => {
            sizes.push(batch.length)
            if (batch[0].id === 'r8') throw new ApiRequestError(500, [{ code: 10502, message: 'down' }])
            return batch.map((r) => (r.id === 'r1' ? new ApiRequestError(400, [{ code: 81058, message: 'dup' }]) : null))
          },
        },
      },
      { cancelled: () => false, onResult: () => {} },
    )
    expect(sizes).toEqual([4, 4, 2])
    expect(results[1]).toMatchObject({ status: 'failed', errors: [{ code: 81058, message: 'dup' }] })
    expect(results.slice(8).map((r) => r.status)).toEqual(['failed', 'failed'])
    expect(results.filter((r) => r.status === 'ok')).toHaveLength(7)
  })
})
