import type { PersonWithHash, Store } from '../store'

/** The second step of a sign-in (a session waiting for its code), and the page that sets one up. */
export const SECOND_FACTOR_PAGE = '/login/two-factor'
export const TWO_FACTOR_PAGE = '/two-factor'
/** Passkeys of the signed-in person (passkeys.ts). */
export const PASSKEYS_PAGE = '/two-factor/passkeys'

/** The administrator's policy asks this person for a second factor (password accounts). */
export async function secondFactorRequired(store: Store, person: PersonWithHash): Promise<boolean> {
  const policy = await store.twoFactor.policy()
  return policy === 'everyone' || (policy === 'admins' && person.role === 'admin')
}

/**
 * What a person's next session must do first: give their second factor (`pending`: the app's code,
 * a passkey or a recovery code), set one up (`enrol`), or nothing.
 */
export async function secondFactorNeeded(store: Store, person: PersonWithHash): Promise<'pending' | 'enrol' | undefined> {
  if (!person.passwordHash) return undefined
  if ((await store.twoFactor.get(person.id))?.enabled || (await store.passkeys.count(person.id)) > 0) return 'pending'
  return (await secondFactorRequired(store, person)) ? 'enrol' : undefined
}

/**
 * Brings signed-in sessions in line with the policy (it was just tightened, or someone's role
 * changed): the sessions of people it now requires a second factor of, who have none, must set one
 * up before anything else, as their next sign-in would. Answers how many sessions were asked.
 */
export async function askForSecondFactorWhereRequired(store: Store, only?: string[]): Promise<number> {
  const policy = await store.twoFactor.policy()
  if (policy === 'optional') return 0
  const ids: string[] = []
  for (const p of await store.people.list()) {
    if (only && !only.includes(p.id)) continue
    if (!p.hasPassword || (policy === 'admins' && p.role !== 'admin')) continue
    if ((await store.twoFactor.get(p.id))?.enabled || (await store.passkeys.count(p.id)) > 0) continue
    ids.push(p.id)
  }
  return store.sessions.askToEnrol(ids)
}
