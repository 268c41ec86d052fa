import { isIP } from 'node:net'
import type { Context } from 'hono'
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Passkey, PersonWithHash, SessionInfo, Store } from '../store'
import type { ChallengePurpose } from '../store/passkeys'
import { publicUrl } from './request-info'

// Loaded on the first passkey prompt, not at start: the library's certificate parsing (@peculiar/*,
// tsyringe, asn1js) was a large share of every server start's module loading.
let library: Promise<typeof import('@simplewebauthn/server')> | undefined
const simpleWebAuthn = () => (library ??= import('@simplewebauthn/server'))

/** How long a passkey prompt may stay open: the challenge expires with it. */
export const CHALLENGE_TTL_MS = 5 * 60_000
const RP_NAME = 'Zonekeeper'

/**
 * The relying party: the host name and origin the browser uses, as sign-in's other checks see them
 * (the Host header, which the guard and ALLOWED_HOSTS vouch for; `https` from the socket or from a
 * proxy in TRUSTED_PROXIES). Browsers refuse passkeys for an IP address, so those get a reason.
 */
export function relyingParty(c: Context): { rpID: string; origin: string } | { problem: string } {
  const url = publicUrl(c)
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (isIP(host)) {
    return { problem: `Passkeys need the dashboard to be opened by its name, not by an IP address (${host}): browsers refuse them otherwise.` }
  }
  return { rpID: host, origin: url.origin }
}

const bytes = (b64url: string) => Uint8Array.from(Buffer.from(b64url, 'base64url'))

/** Options for adding a passkey (navigator.credentials.create), with a fresh one-time challenge. */
export async function registrationOptions(
  store: Store,
  rpID: string,
  person: PersonWithHash,
  session: SessionInfo,
  existing: Passkey[],
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const challenge = await store.passkeys.challenge(person.id, session.handle, 'register', CHALLENGE_TTL_MS)
  return (await simpleWebAuthn()).generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: person.username,
    userDisplayName: person.displayName,
    userID: Uint8Array.from(Buffer.from(person.id, 'utf8')),
    challenge: bytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  })
}

/** Options for the second step of a sign-in (navigator.credentials.get), with a fresh one-time challenge. */
export async function authenticationOptions(
  store: Store,
  rpID: string,
  person: PersonWithHash,
  session: SessionInfo,
  passkeys: Passkey[],
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const challenge = await store.passkeys.challenge(person.id, session.handle, 'authenticate', CHALLENGE_TTL_MS)
  return (await simpleWebAuthn()).generateAuthenticationOptions({
    rpID,
    challenge: bytes(challenge),
    timeout: CHALLENGE_TTL_MS,
    userVerification: 'preferred',
    allowCredentials: passkeys.map((p) => ({ id: p.credentialId, transports: p.transports })),
  })
}

type Parsed<T> = { ok: true; response: T; challenge: string } | { ok: false; reason: string }

/** The browser's credential (JSON text from the form) and the challenge its clientDataJSON names. */
function parseCredential<T extends RegistrationResponseJSON | AuthenticationResponseJSON>(text: string, needs: string[]): Parsed<T> {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { ok: false, reason: 'not JSON' }
  }
  const v = value as { id?: unknown; rawId?: unknown; type?: unknown; response?: Record<string, unknown> } | null
  if (!v || typeof v !== 'object' || typeof v.id !== 'string' || typeof v.rawId !== 'string' || v.type !== 'public-key') {
    return { ok: false, reason: 'not a credential' }
  }
  if (!v.response || typeof v.response !== 'object' || !['clientDataJSON', ...needs].every((k) => typeof v.response![k] === 'string')) {
    return { ok: false, reason: 'not a credential' }
  }
  let challenge: unknown
  try {
    challenge = (JSON.parse(Buffer.from(v.response.clientDataJSON as string, 'base64url').toString('utf8')) as { challenge?: unknown }).challenge
  } catch {
    return { ok: false, reason: 'unreadable client data' }
  }
  if (typeof challenge !== 'string' || challenge.length > 200) return { ok: false, reason: 'no challenge' }
  return { ok: true, response: { clientExtensionResults: {}, ...v } as unknown as T, challenge }
}

const useChallenge = (store: Store, challenge: string, person: PersonWithHash, session: SessionInfo, purpose: ChallengePurpose) =>
  store.passkeys.useChallenge(challenge, person.id, session.handle, purpose)

export type PasskeyOutcome<T> = { ok: true; value: T } | { ok: false; reason: string; words: string }

const EXPIRED = 'That passkey prompt expired or was used already. Try again.'

/** Verifies a new passkey (attestation `none` or any the library checks) against a challenge this session was given. */
export async function verifyNewPasskey(
  store: Store,
  c: Context,
  person: PersonWithHash,
  session: SessionInfo,
  text: string,
): Promise<PasskeyOutcome<{ credentialId: string; publicKey: Uint8Array; counter: number; transports: string[] }>> {
  const rp = relyingParty(c)
  if ('problem' in rp) return { ok: false, reason: 'no relying party', words: rp.problem }
  const parsed = parseCredential<RegistrationResponseJSON>(text, ['attestationObject'])
  if (!parsed.ok) return { ok: false, reason: parsed.reason, words: 'The browser did not send a passkey. Try again.' }
  if (!(await useChallenge(store, parsed.challenge, person, session, 'register'))) return { ok: false, reason: 'challenge expired or used', words: EXPIRED }
  try {
    const r = await (await simpleWebAuthn()).verifyRegistrationResponse({
      response: parsed.response,
      expectedChallenge: parsed.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: false,
    })
    if (!r.verified) return { ok: false, reason: 'not verified', words: 'That passkey could not be verified. Try again.' }
    const { credential } = r.registrationInfo
    const transports = (credential.transports ?? []).filter((t) => typeof t === 'string').slice(0, 8)
    return { ok: true, value: { credentialId: credential.id, publicKey: credential.publicKey, counter: credential.counter, transports } }
  } catch (err) {
    return { ok: false, reason: `not verified: ${String((err as Error).message).slice(0, 200)}`, words: 'That passkey could not be verified. Try again.' }
  }
}

/**
 * Verifies a sign-in's passkey: a challenge this waiting session was given (used once, unexpired),
 * one of the person's passkeys, its signature, origin and relying party, and a counter that moves
 * forward (checked by the library, then decided by the store so a replay racing the original loses).
 */
export async function verifyPasskeySignIn(
  store: Store,
  c: Context,
  person: PersonWithHash,
  session: SessionInfo,
  text: string,
): Promise<PasskeyOutcome<Passkey>> {
  const rp = relyingParty(c)
  if ('problem' in rp) return { ok: false, reason: 'no relying party', words: rp.problem }
  const wrong = 'That passkey was not accepted. Try again, or use a code.'
  const parsed = parseCredential<AuthenticationResponseJSON>(text, ['authenticatorData', 'signature'])
  if (!parsed.ok) return { ok: false, reason: parsed.reason, words: wrong }
  if (!(await useChallenge(store, parsed.challenge, person, session, 'authenticate'))) return { ok: false, reason: 'challenge expired or used', words: EXPIRED }
  const passkey = (await store.passkeys.list(person.id)).find((p) => p.credentialId === parsed.response.id)
  if (!passkey) return { ok: false, reason: 'not one of this person’s passkeys', words: wrong }
  let counter: number
  try {
    const r = await (await simpleWebAuthn()).verifyAuthenticationResponse({
      response: parsed.response,
      expectedChallenge: parsed.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: passkey.credentialId, publicKey: new Uint8Array(passkey.publicKey), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: false,
    })
    if (!r.verified) return { ok: false, reason: 'signature did not verify', words: wrong }
    counter = r.authenticationInfo.newCounter
  } catch (err) {
    const message = String((err as Error).message)
    return { ok: false, reason: /counter/i.test(message) ? 'counter did not move forward (a copied passkey?)' : `not verified: ${message.slice(0, 200)}`, words: wrong }
  }
  if (!(await store.passkeys.use(person.id, passkey.id, counter))) return { ok: false, reason: 'counter did not move forward (a copied passkey?)', words: wrong }
  return { ok: true, value: passkey }
}
