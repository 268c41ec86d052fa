import type { Credential } from '../config'
import type { Emulator } from '../emulator'
import { familyOf, type CredentialCheck } from '../store'
import { createRedactor } from '../upstream/redact'
import { credentialHeaders, type Send } from '../upstream'

/** A way to send with a given credential: live, an upstream of its own; in the sandbox, the emulator with its headers. */
export type SendWith = (credential: Credential) => Send

/** The sandbox's: the in-process emulator, asked with the credential's own headers (as an API client's request would carry them). */
export function emulatorSendWith(emulator: Emulator): SendWith {
  return (credential) => async (req) => {
    await new Promise<void>((resolve) => setImmediate(resolve))
    return emulator.app.request(req.pathAndQuery, { method: req.method, headers: { ...credentialHeaders(credential), accept: 'application/json' } })
  }
}

export type Verdict =
  | { ok: true; check: CredentialCheck }
  /** `refused`: the service turned the credential down (shown at its field); `unchecked`: it could not be asked. */
  | { ok: false; kind: 'refused' | 'unchecked'; field: '/token' | '/key'; message: string }

interface Envelope {
  success?: boolean
  result?: unknown
  errors?: { code?: number; message?: string }[]
}

type Answer = { status: number; body: Envelope | null }

async function ask(send: Send, pathAndQuery: string): Promise<Answer> {
  const res = await send({ method: 'GET', pathAndQuery, accept: 'application/json' })
  const text = await res.text()
  let body: Envelope | null = null
  try {
    body = JSON.parse(text) as Envelope
  } catch {
    body = null
  }
  return { status: res.status, body }
}

/** The sandbox's answer to a path it has no route for (7000 / 7003): the emulator lacks that endpoint. */
const noRoute = (a: Answer) => a.status === 404 && (a.body?.errors ?? []).some((e) => e.code === 7000 || e.code === 7003)

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The accounts of a `GET /accounts` answer: id and name of each (first page, up to 50). */
const accountsOf = (a: Answer): { id: string; name: string }[] =>
  Array.isArray(a.body?.result)
    ? a.body.result.filter(isObject).flatMap((r) => (typeof r.id === 'string' ? [{ id: r.id, name: typeof r.name === 'string' ? r.name : r.id }] : []))
    : []

/**
 * Checks a credential with live calls before it is stored, through the same Send the proxy uses,
 * with the NEW credential: a user token (cfut_, or the older format) → `GET /user/tokens/verify`
 * (status, expiry, policies where said) then `GET /accounts`; an account token (cfat_) →
 * `GET /accounts`; a global key (e-mail + key) → `GET /accounts` with the X-Auth headers.
 * A refusal carries the service's own words ("Invalid API Token"), with the secret taken out of
 * them in case a service ever echoes it. Where the sandbox has no route for one of these yet (its
 * `/accounts`, today), that call is skipped rather than taken as a refusal (accounts unknown: an
 * empty list); the real service answers both.
 */
export async function verifyCredential(send: Send, credential: Credential): Promise<Verdict> {
  const field = credential.kind === 'token' ? '/token' : '/key'
  const redactor = createRedactor([credential.kind === 'token' ? credential.token : credential.key])
  const words = (a: Answer, fallback: string) =>
    redactor.text(
      (a.body?.errors ?? [])
        .map((e) => e.message)
        .filter(Boolean)
        .join(' ') || fallback,
    )
  const judge = (a: Answer): Verdict | undefined => {
    if (a.status >= 500 || a.status === 429) {
      return { ok: false, kind: 'unchecked', field, message: `The credential could not be checked (the API answered ${a.status}: ${words(a, 'no reason given')}); nothing was saved. Try again.` }
    }
    if (a.status >= 400 || a.body?.success === false || !a.body) return { ok: false, kind: 'refused', field, message: words(a, `The API refused this credential (HTTP ${a.status}).`) }
    return undefined
  }
  const family = familyOf(credential)
  if (credential.kind === 'token' && family === 'global') {
    return { ok: false, kind: 'refused', field, message: 'This is a global API key (cfk_…): it is sent with its account\u2019s e-mail. Choose "E-mail and global key".' }
  }
  try {
    let check: CredentialCheck = { accounts: [], policies: null, status: null, expiresOn: null }
    if (credential.kind === 'token' && family !== 'account') {
      const verify = await ask(send, '/user/tokens/verify')
      const refused = noRoute(verify) ? undefined : judge(verify)
      if (refused) return refused
      const r = isObject(verify.body?.result) ? verify.body.result : {}
      const status = typeof r.status === 'string' ? r.status : null
      if (status && status !== 'active') return { ok: false, kind: 'refused', field, message: `This API token is ${status}: it cannot be used.` }
      check = { ...check, status, expiresOn: typeof r.expires_on === 'string' ? r.expires_on : null, policies: Array.isArray(r.policies) ? r.policies : null }
    }
    const accounts = await ask(send, '/accounts?per_page=50')
    if (noRoute(accounts)) return { ok: true, check }
    const refused = judge(accounts)
    if (refused) return refused
    return { ok: true, check: { ...check, accounts: accountsOf(accounts) } }
  } catch (err) {
    return { ok: false, kind: 'unchecked', field, message: `The credential could not be checked (${redactor.text(err instanceof Error ? err.message : 'network error')}); nothing was saved. Try again.` }
  }
}
