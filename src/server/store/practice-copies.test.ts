import { describe, expect, it } from 'vitest'
import { storeBackends } from '../../testing/store-backends'

/** Practice copies and write counters, decided by the store. */
const { backends } = storeBackends('zk-practice-copies-')

describe.each(backends)('practice copies in the store ($name)', ({ open, skip }) => {
  // The lease itself is the store's (lease.test.ts); this shows a copy is written only under it.
  it.skipIf(skip)('lets one of two holders write a copy; a save raises the version; a lease taken over stops the old holder saving', async () => {
    let t = 1_000_000
    const store = await open(() => t)
    const copies = store.practiceCopies
    expect(await copies.version('ada')).toBeUndefined()
    const takes = await Promise.all(['a', 'b'].map((h) => copies.lease('ada', h, 10_000)))
    expect(takes).toEqual(expect.arrayContaining([true, false]))
    const [holder, other] = takes[0] ? ['a', 'b'] : ['b', 'a']
    expect(await copies.save('ada', other, Buffer.from('not mine'))).toBeUndefined()
    expect(await copies.save('ada', holder, Buffer.from('first'))).toBe(1)
    expect(await copies.renew('ada', holder, 10_000)).toBe(true)
    expect(await copies.save('ada', holder, Buffer.from('second'))).toBe(2)
    expect(await copies.load('ada')).toEqual({ version: 2, data: Buffer.from('second') })
    t += 10_000 // the holder crashed: its lease runs out
    expect(await copies.lease('ada', other, 10_000)).toBe(true)
    expect(await copies.save('ada', holder, Buffer.from('late'))).toBeUndefined()
    await copies.release('ada', other)
    expect(await copies.lease('ada', holder, 10_000)).toBe(true)
    await copies.remove('ada')
    expect(await copies.load('ada')).toBeUndefined()
    await store.close()
  })

  it.skipIf(skip)('counts concurrent writes exactly and starts a new window when one ends', async () => {
    let t = 5_000_000
    const store = await open(() => t)
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => store.practiceCopies.countWrite('writes:ada', 5, 60_000)))
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(5)
    expect(verdicts.every((v) => v.resetSeconds === 60)).toBe(true)
    t += 30_000
    expect(await store.practiceCopies.countWrite('writes:ada', 5, 60_000)).toMatchObject({ allowed: false, resetSeconds: 30 })
    t += 30_000
    expect(await store.practiceCopies.countWrite('writes:ada', 5, 60_000)).toMatchObject({ allowed: true, remaining: 4 })
    await store.close()
  })
})
