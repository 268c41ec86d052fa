import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '@/lib/api-client'
import { batchLimitFor, splitBatchErrors } from './batch-dns-records'

describe('splitBatchErrors', () => {
  it('gives each item the errors that point at it, and the others "not changed"', () => {
    const err = new ApiRequestError(400, [
      { code: 9005, message: 'Bad content', source: { pointer: '/patches/1/content' } },
      { code: 1004, message: 'Bad ttl', source: { pointer: '/patches/1/ttl' } },
    ])
    const [first, second, third] = splitBatchErrors(err, 'patches', 3)
    expect(second!.errors).toEqual([
      { code: 9005, message: 'Bad content', source: { pointer: '/content' } },
      { code: 1004, message: 'Bad ttl', source: { pointer: '/ttl' } },
    ])
    expect(first!.errors[0].message).toMatch(/^Not changed: a batch is all or nothing/)
    expect(third!.errors[0].message).toMatch(/^Not changed/)
  })

  it('rethrows an error that points at no item (the whole request was refused)', () => {
    const err = new ApiRequestError(400, [{ code: 1004, message: 'at most 200 records' }])
    expect(() => splitBatchErrors(err, 'deletes', 2)).toThrow(err)
  })

  it('an item-level error without a field keeps no pointer', () => {
    const err = new ApiRequestError(404, [{ code: 81044, message: 'Record does not exist', source: { pointer: '/deletes/0' } }])
    expect(splitBatchErrors(err, 'deletes', 1)[0]!.errors).toEqual([{ code: 81044, message: 'Record does not exist', source: undefined }])
  })
})

describe('batchLimitFor', () => {
  it('200 on the Free plan (and when the plan is not known), 3,500 on paid plans', () => {
    expect(batchLimitFor('free')).toBe(200)
    expect(batchLimitFor(undefined)).toBe(200)
    expect(batchLimitFor('pro')).toBe(3500)
  })
})
