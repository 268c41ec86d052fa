import { describe, expect, it } from 'vitest'
import { passwordProblem, passwordSchema } from './password-rule'
import { personInputSchema } from './schemas/people'

describe('the password rule', () => {
  it.each(['password12', '1234567890', ' '.repeat(10), '\u0000'.repeat(10), 'qwertyuiop', 'aaaaaaaaaa', 'line\nbreak-in-it'])(
    'refuses %j',
    async (pw) => {
      expect(await passwordProblem(pw)).toBeTruthy()
    },
  )

  it('refuses the username and passwords built from it, with plain words', async () => {
    expect(await passwordProblem('veronica-smith', 'veronica-smith')).toMatch(/username as the password/)
    // Strong on its own, weak for the person called zephyrmarlowe.
    expect(await passwordProblem('zephyrmarlowe77')).toBeUndefined()
    expect(await passwordProblem('zephyrmarlowe77', 'zephyrmarlowe')).toMatch(/built from the username/)
  })

  it('accepts long unrelated words and a generated password', async () => {
    expect(await passwordProblem('amber-kettle-violin-42', 'vera')).toBeUndefined()
    expect(await passwordProblem('Hq4mZ8tVxw2kPr7nBc3s')).toBeUndefined()
  })

  it('is what the form and the server parse (async), reported at the password field', async () => {
    expect((await passwordSchema.safeParseAsync('1234567890')).success).toBe(false)
    const r = await personInputSchema.safeParseAsync({
      username: 'zephyrmarlowe',
      display_name: 'Z',
      role: 'viewer',
      zones: '*',
      password: 'zephyrmarlowe77',
    })
    expect(r.success).toBe(false)
    expect(r.error?.issues[0].path).toEqual(['password'])
  })
})
