import { z } from 'zod'

/**
 * The one password rule, for the forms (person dialog) and the server (setup, /password, people API).
 *
 * Strength comes from zxcvbn-ts (@zxcvbn-ts/core with @zxcvbn-ts/language-common): the maintained
 * TypeScript port of Dropbox's zxcvbn. It ranks a password by the guesses an attacker needs, using
 * frequency lists of leaked passwords, keyboard patterns, repeats, sequences, dates, and the
 * person's own username. That catches what a list of forbidden strings misses ("password12",
 * "1234567890", "qwertyuiop", "vera2024!"). Score 3 of 4 (about 10^8 guesses or more) is required:
 * with the server's memory-hard hash and sign-in throttle, that is out of reach of online and of most
 * offline guessing. Its dictionary (about 400 kB) is loaded on the first check, never with the page.
 */
export const MIN_PASSWORD_LENGTH = 10
/** Longest password accepted, so that one request cannot make the server hash megabytes. */
export const MAX_PASSWORD_LENGTH = 1024
export const MIN_PASSWORD_SCORE = 3

export const PASSWORD_HINT = `At least ${MIN_PASSWORD_LENGTH} characters, hard to guess, not built from the username.`

// eslint-disable-next-line no-control-regex -- control characters are what this refuses
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/

/** What needs no dictionary: length, control characters, the username itself. */
export function passwordShapeProblem(password: string, username = ''): string | undefined {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`
  if (CONTROL.test(password)) return 'Use letters, digits, spaces and punctuation only: no control characters (tabs, line breaks, NUL).'
  if (!password.trim()) return 'Use more than spaces.'
  const name = username.trim().toLowerCase()
  if (name && password.trim().toLowerCase() === name) return 'Do not use the username as the password.'
  return undefined
}

const WARNINGS: Record<string, string> = {
  topTen: 'It is one of the most common passwords.',
  topHundred: 'It is one of the most common passwords.',
  common: 'It is a commonly used password.',
  similarToCommon: 'It is too close to a commonly used password.',
  wordByItself: 'A single word is easy to guess.',
  namesByThemselves: 'Names are easy to guess.',
  commonNames: 'Common names are easy to guess.',
  userInputs: 'It is built from the username.',
  straightRow: 'A straight row of keys is easy to guess.',
  keyPattern: 'A short keyboard pattern is easy to guess.',
  simpleRepeat: 'Repeated characters are easy to guess.',
  extendedRepeat: 'Repeated words or characters are easy to guess.',
  sequences: 'Sequences such as 1234 or abcd are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
}

type Strength = { check(password: string, userInputs?: string[]): { score: number; feedback: { warning: string | null } } }
let strength: Promise<Strength> | undefined
/** zxcvbn-ts with its common dictionary, loaded once on first use (a chunk of its own in the browser). */
const loadStrength = () =>
  (strength ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([core, common]) => new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }) as Strength,
  ))

/** Why a new password is not acceptable for `username`, or undefined. */
export async function passwordProblem(password: string, username = ''): Promise<string | undefined> {
  const shape = passwordShapeProblem(password, username)
  if (shape) return shape
  const inputs = username.trim() ? [username.trim().toLowerCase()] : []
  const result = (await loadStrength()).check(password, inputs)
  if (result.score >= MIN_PASSWORD_SCORE) return undefined
  const why = (result.feedback.warning && WARNINGS[result.feedback.warning]) || 'It is too easy to guess.'
  return `${why} Choose a longer one: a few unrelated words, or a password manager's suggestion.`
}

/**
 * A new password, checked in full (async: the form's resolver and the server parse asynchronously).
 * Without a username; schemas that know it add `refinePasswordFor` on the object.
 */
export const passwordSchema = z
  .string({ error: 'Enter a password.' })
  .superRefine(async (value, ctx) => {
    const problem = await passwordProblem(value)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

/** The same rule with the username the password belongs to (an object refinement, reported at `password`). */
export async function refinePasswordFor(
  value: { password: string; username: string },
  ctx: z.RefinementCtx,
): Promise<void> {
  if (!(await passwordProblem(value.password))) {
    const problem = await passwordProblem(value.password, value.username)
    if (problem) ctx.addIssue({ code: 'custom', path: ['password'], message: problem })
  }
}
