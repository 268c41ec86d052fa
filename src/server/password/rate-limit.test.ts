import { describe, expect, it } from 'vitest'
import { createRateLimiter } from './rate-limit'

describe('rate limiter for wrong passwords', () => {
  const setup = () => {
    let now = 0
    const limiter = createRateLimiter({ perClient: 3, total: 5, windowMs: 60_000, now: () => now })
    return { limiter, tick: (ms: number) => (now += ms) }
  }

  it('blocks a client after its allowance of wrong guesses, until the oldest leaves the window', () => {
    const { limiter, tick } = setup()
    for (let i = 0; i < 3; i++) {
      expect(limiter.retryAfter('a')).toBe(0)
      limiter.failed('a')
      tick(1000)
    }
    expect(limiter.retryAfter('a')).toBe(57)
    expect(limiter.retryAfter('b')).toBe(0)
    tick(57_000)
    expect(limiter.retryAfter('a')).toBe(0)
  })

  it('forgets a client’s failures once it signs in', () => {
    const { limiter } = setup()
    limiter.failed('a')
    limiter.failed('a')
    limiter.succeeded('a')
    limiter.failed('a')
    limiter.failed('a')
    expect(limiter.retryAfter('a')).toBe(0)
  })

  it('limits guesses spread over many addresses too', () => {
    const { limiter } = setup()
    for (const who of ['a', 'b', 'c', 'd', 'e']) limiter.failed(who)
    expect(limiter.retryAfter('f')).toBeGreaterThan(0)
  })
})
