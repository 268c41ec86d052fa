import type { PersonWithHash, Store } from '../store'

/** The second step of a sign-in (a session waiting for its code), and the page that sets one up. */
export const SECOND_FACTOR_PAGE = '/login/two-factor'
export const TWO_FACTOR_PAGE = '/two-factor'

/** What a person's next session must do first: give their code (`pending`), set one up (`enrol`), or nothing. */
export async function secondFactorNeeded(store: Store, person: PersonWithHash): Promise<'pending' | 'enrol' | undefined> {
  if (!person.passwordHash) return undefined
  if ((await store.twoFactor.get(person.id))?.enabled) return 'pending'
  const policy = await store.twoFactor.policy()
  return policy === 'everyone' || (policy === 'admins' && person.role === 'admin') ? 'enrol' : undefined
}
