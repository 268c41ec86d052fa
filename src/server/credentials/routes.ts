import type { Context, Hono } from 'hono'
import { actorOf } from '../auth'
import { setAuditDetails } from '../audit'
import type { Credential } from '../config'
import { jsonError, jsonErrors, jsonOk, PROXY_CODES } from '../http/envelope'
import { localBody } from '../local/read-body'
import { familyOf, NO_KEY_MESSAGE, type Store, type StoredCredential } from '../store'
import type { CredentialSecretInput, CredentialView, CredentialsPage } from '../../shared/schemas/credentials'
import { verifyCredential, type SendWith } from './verify'

/** The environment's credential's id in the list: it is not in the store. */
export const ENVIRONMENT_ID = 'environment'

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

export function credentialView(c: StoredCredential): CredentialView {
  return {
    id: c.id,
    label: c.label,
    source: 'vault',
    kind: c.kind,
    family: c.family,
    email: c.email,
    accounts: c.accounts,
    status: c.status,
    expires_on: c.expiresOn,
    last_used_at: iso(c.lastUsedAt),
    created_at: iso(c.createdAt),
    created_by: c.createdBy,
    replaced_at: iso(c.replacedAt),
    replaced_by: c.replacedBy,
  }
}

/** API_TOKEN, or API_EMAIL + API_KEY: listed first, without any of its secret. */
function environmentView(c: Credential): CredentialView {
  return {
    id: ENVIRONMENT_ID,
    label: 'From the environment',
    source: 'environment',
    kind: c.kind,
    family: familyOf(c),
    email: c.kind === 'key' ? c.email : null,
    accounts: null,
    status: null,
    expires_on: null,
    last_used_at: null,
    created_at: null,
    created_by: null,
    replaced_at: null,
    replaced_by: null,
  }
}

/** What the audit entry keeps of a credential: label, kind, family, e-mail and accounts (never the secret). */
const auditView = (c: StoredCredential) => ({ id: c.id, label: c.label, kind: c.kind, family: c.family, email: c.email, accounts: c.accounts })

const toCredential = (b: CredentialSecretInput): Credential => (b.kind === 'token' ? { kind: 'token', token: b.token.trim() } : { kind: 'key', email: b.email.trim(), key: b.key.trim() })

const who = (c: Context) => {
  const p = actorOf(c).person
  return `${p.displayName} (${p.username})`
}

export interface CredentialRouteOptions {
  store: Store
  /** The environment's credential (live mode), listed first. */
  environment?: Credential
  /** Sends with a given credential: the live check of a credential being added or replaced. */
  sendWith: SendWith
  /** Told once a credential is stored (the record index reads its accounts' zones soon, not at its next round). */
  added?: () => void
}

const NOT_HERE = 'This credential comes from the environment (API_TOKEN, or API_EMAIL and API_KEY): change it there and restart the dashboard.'

/**
 * The vault's routes (administrators only: src/shared/endpoints/local.ts). A credential is stored
 * only once a live call with it succeeded; the secret never appears in an answer, an audit entry
 * (the entry is set here, from the stored view), the request log (bodies are never logged) or an
 * error message (the service's words pass through a redactor of the secret).
 */
export function registerCredentialRoutes(app: Hono, { store, environment, sendWith, added: onAdded }: CredentialRouteOptions): void {
  const vault = store.credentials

  const checked = async (credential: Credential) => {
    const verdict = await verifyCredential(sendWith(credential), credential)
    if (verdict.ok) return verdict
    const res =
      verdict.kind === 'refused'
        ? jsonErrors(400, [{ code: 1004, message: verdict.message, source: { pointer: verdict.field } }])
        : jsonError(502, PROXY_CODES.unreachable, verdict.message)
    return { ok: false as const, res }
  }

  // Storing needs the key, for an add and a replace alike: one check before both, so neither makes a
  // live call with a secret it then could not keep.
  const needsKey = async (_c: unknown, next: () => Promise<void>) => {
    if (!vault.hasKey) return jsonError(409, 1409, NO_KEY_MESSAGE)
    await next()
  }
  app.post('/api/local/credentials', needsKey)
  app.put('/api/local/credentials/:id', needsKey)

  app.get('/api/local/credentials', async () => {
    const stored = await vault.list()
    const page: CredentialsPage = {
      key: vault.hasKey,
      no_key_message: vault.hasKey ? null : NO_KEY_MESSAGE,
      credentials: [...(environment ? [environmentView(environment)] : []), ...stored.map(credentialView)],
    }
    return jsonOk(page)
  })

  app.post('/api/local/credentials', async (c) => {
    const body = localBody(c, 'POST', '/api/local/credentials')
    const credential = toCredential(body)
    const verdict = await checked(credential)
    if (!verdict.ok) return verdict.res
    const added = await vault.add({ label: body.label, credential, check: verdict.check, by: who(c) })
    setAuditDetails(c, { area: 'credentials', resourceType: 'credential', resourceId: added.id, action: 'create', before: null, after: auditView(added) })
    onAdded?.()
    return jsonOk(credentialView(added))
  })

  app.put('/api/local/credentials/:id', async (c) => {
    const id = c.req.param('id')
    if (id === ENVIRONMENT_ID) return jsonError(409, 1409, NOT_HERE)
    const body = localBody(c, 'PUT', '/api/local/credentials/:id')
    const before = await vault.get(id)
    if (!before) return jsonError(404, 1404, 'No such credential (it may have been removed).')
    const credential = toCredential(body)
    const verdict = await checked(credential)
    if (!verdict.ok) return verdict.res
    const after = await vault.replace(id, { credential, check: verdict.check, by: who(c) })
    if (!after) return jsonError(404, 1404, 'No such credential (it may have been removed).')
    setAuditDetails(c, { area: 'credentials', resourceType: 'credential', resourceId: id, action: 'replace', before: auditView(before), after: auditView(after) })
    return jsonOk(credentialView(after))
  })

  app.delete('/api/local/credentials/:id', async (c) => {
    const id = c.req.param('id')
    if (id === ENVIRONMENT_ID) return jsonError(409, 1409, NOT_HERE)
    const gone = await vault.remove(id)
    if (!gone) return jsonError(404, 1404, 'No such credential (it may have been removed).')
    setAuditDetails(c, { area: 'credentials', resourceType: 'credential', resourceId: id, action: 'delete', before: auditView(gone), after: null })
    return jsonOk({ id, label: gone.label })
  })
}
