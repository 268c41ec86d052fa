import { afterEach, describe, expect, it } from 'vitest'
import { hashPassword, setHashCostForTests, verifyPassword } from './passwords'

describe('password hashes', () => {
  afterEach(() => setHashCostForTests(2 ** 10))

  it('carry the full scrypt cost outside the tests (N=2^15, r=8, p=1)', async () => {
    setHashCostForTests(undefined)
    const hash = await hashPassword('correct horse battery staple')
    expect(hash.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1'])
    expect(await verifyPassword('correct horse battery staple', hash)).toBe(true)
  })

  it('verify at the cost a hash was stored with, whatever the cost of new hashes', async () => {
    setHashCostForTests(undefined)
    const full = await hashPassword('one password')
    setHashCostForTests(2 ** 10)
    const cheap = await hashPassword('one password')
    expect(cheap.split('$')[1]).toBe('1024')
    expect(await verifyPassword('one password', full)).toBe(true)
    expect(await verifyPassword('one password', cheap)).toBe(true)
    expect(await verifyPassword('another password', full)).toBe(false)
  })
})
