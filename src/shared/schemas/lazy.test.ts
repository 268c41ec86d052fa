import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { lazySchema } from './lazy'

describe('lazySchema', () => {
  it('builds nothing until the schema is used, then builds it once', () => {
    const build = vi.fn(() => z.object({ name: z.string().min(1) }))
    const schema = lazySchema(build)
    expect(build).not.toHaveBeenCalled()
    expect(schema.safeParse({ name: 'a' }).success).toBe(true)
    expect(schema.safeParse({ name: '' }).success).toBe(false)
    expect(Object.keys(schema.shape)).toEqual(['name'])
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('accepts and rejects what the built schema does, with the same messages, wherever it is used', () => {
    const eager = z.object({ n: z.number().int('Whole numbers only.') })
    const lazy = lazySchema(() => z.object({ n: z.number().int('Whole numbers only.') }))
    for (const value of [{ n: 1 }, { n: 1.5 }, { n: 'x' }, {}, null]) {
      expect(lazy.safeParse(value)).toEqual(eager.safeParse(value))
      expect(z.object({ inner: lazy }).safeParse({ inner: value })).toEqual(
        z.object({ inner: eager }).safeParse({ inner: value }),
      )
    }
    expect(lazy.extend({ m: z.string() }).safeParse({ n: 1, m: 'x' }).success).toBe(true)
    expect(lazy.optional().safeParse(undefined).success).toBe(true)
    expect(lazy instanceof z.ZodObject).toBe(true)
    expect(z.discriminatedUnion('t', [lazySchema(() => z.object({ t: z.literal('a') }))]).safeParse({ t: 'a' }).success).toBe(
      true,
    )
  })
})
