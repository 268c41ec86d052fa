import { describe, expect, it } from 'vitest'
import { undoInOrder } from './undo-sequence'

describe('undoInOrder', () => {
  it('undoes newest first, with progress', async () => {
    const seen: number[] = []
    const progress: string[] = []
    const r = await undoInOrder([11, 12, 13], async (e) => void seen.push(e), (d, t) => progress.push(`${d}/${t}`))
    expect(seen).toEqual([13, 12, 11])
    expect(r).toEqual({ undone: [13, 12, 11], left: [] })
    expect(progress).toEqual(['0/3', '1/3', '2/3', '3/3'])
  })

  it('stops at the first failure and says what is left', async () => {
    const seen: number[] = []
    const boom = new Error('changed since')
    const r = await undoInOrder([1, 2, 3, 4], async (e) => {
      seen.push(e)
      if (e === 3) throw boom
    })
    expect(seen).toEqual([4, 3])
    expect(r).toEqual({ undone: [4], failed: { entry: 3, error: boom }, left: [2, 1] })
  })
})
