import type { Credential } from '../config'
import { credentialSend } from '../credentials/send'
import type { SendWith } from '../credentials/verify'
import { SANDBOX_TOKENS } from '../emulator/estate/data'
import type { Store } from '../store'
import type { Send } from '../upstream'
import type { AccountsScope, ScopeCredential } from '../../shared/schemas/accounts-scope'

/** The environment's credential (API_TOKEN, or API_EMAIL + API_KEY) as the list names it. */
export const ENVIRONMENT_CREDENTIAL: ScopeCredential = { id: 'environment', label: 'From the environment' }
/** The sandbox itself (no credential of its own: the demo account, and the agency's accounts through its seeded user token). */
export const SANDBOX_CREDENTIAL: ScopeCredential = { id: 'sandbox', label: 'The sandbox' }

/** How a request naming an account is sent: the deployment's own way, or a stored credential. */
export type AccountRoute =
  /** The environment's credential (live) or the sandbox itself; `token`: the seeded sandbox token that reaches the account. */
  | { kind: 'own'; credential: ScopeCredential; token?: string }
  | { kind: 'stored'; credential: ScopeCredential }

type Reached = { id: string; name: string }[]

export interface AccountScopeOptions {
  vault: Store['credentials']
  /** How a stored credential is sent with (live: an upstream of its own; sandbox: the emulator with its headers). */
  sendWith: SendWith
  /** Live: the environment's credential and a Send with it. */
  environment?: { credential: Credential; send: Send }
  /** Sandbox: the emulator asked with no credential (what the dashboard's own calls reach). */
  sandbox?: { send: Send }
  now?: () => number
  /** A stored credential's record older than this is refreshed by its own call when the list is asked for. */
  staleMs?: number
}

const STALE_MS = 10 * 60_000
const FAILED_RETRY_MS = 30_000
/** The vault is read at most this often per instance for routing (a removed or added credential shows within it). */
const VAULT_KEPT_MS = 1_000

/** The agency's user token, which reaches every client account of the sandbox's estate. */
const AGENCY_TOKEN = SANDBOX_TOKENS.find((t) => t.kind === 'user')!

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The accounts a `GET /accounts` answer lists (first page of 50), or undefined when it was refused or unreadable. */
async function accountsOf(send: Send): Promise<Reached | undefined> {
  const res = await send({ method: 'GET', pathAndQuery: '/accounts?per_page=50', accept: 'application/json' })
  const body = (await res.json().catch(() => null)) as { success?: boolean; result?: unknown } | null
  if (!res.ok || !body || body.success === false || !Array.isArray(body.result)) return undefined
  return body.result.filter(isObject).flatMap((r) => (typeof r.id === 'string' ? [{ id: r.id, name: typeof r.name === 'string' ? r.name : r.id }] : []))
}

/**
 * The accounts the deployment reaches and which credential a request naming one acts through.
 * Live: the environment's credential (its accounts asked once and kept for `staleMs`) and every
 * stored credential (the vault's record of its accounts, refreshed by its own call when stale).
 * Sandbox: the sandbox itself reaches the demo account and, while the vault holds no credential,
 * the agency's client accounts (through the agency's seeded token, so the estate's binding
 * applies); a stored sandbox credential is a token against the emulator like any other.
 * The default account (requests naming none) is the deployment's own first account.
 */
export function accountScope({ vault, sendWith, environment, sandbox, now = Date.now, staleMs = STALE_MS }: AccountScopeOptions) {
  const own = environment ?? sandbox
  const ownCredential = environment ? ENVIRONMENT_CREDENTIAL : SANDBOX_CREDENTIAL
  let ownKept: { at: number; accounts: Reached; ok: boolean } | undefined
  let ownAsking: Promise<Reached> | undefined
  const ownAccounts = async (): Promise<Reached> => {
    if (!own) return []
    const t = now()
    if (ownKept && t - ownKept.at < (ownKept.ok ? staleMs : FAILED_RETRY_MS)) return ownKept.accounts
    ownAsking ??= (async () => {
      try {
        const got = await accountsOf(own.send).catch(() => undefined)
        ownKept = got ? { at: now(), accounts: got, ok: true } : { at: now(), accounts: ownKept?.accounts ?? [], ok: false }
        return ownKept.accounts
      } finally {
        ownAsking = undefined
      }
    })()
    return ownAsking
  }
  let estateKept: { at: number; accounts: Reached } | undefined
  const estate = async (): Promise<Reached> => {
    if (!sandbox) return []
    if (estateKept && now() - estateKept.at < staleMs) return estateKept.accounts
    const got = await accountsOf(sendWith({ kind: 'token', token: AGENCY_TOKEN.value })).catch(() => undefined)
    if (got) estateKept = { at: now(), accounts: got }
    return got ?? []
  }

  let vaultKept: { at: number; list: Awaited<ReturnType<typeof vault.list>> } | undefined
  const stored = async () => {
    const t = now()
    if (vaultKept && t - vaultKept.at < VAULT_KEPT_MS) return vaultKept.list
    const list = await vault.list()
    vaultKept = { at: t, list }
    return list
  }

  /** Every account once, with the credentials that reach it, the one a request uses first. */
  const resolve = async (refresh: boolean): Promise<{ scope: AccountsScope; estateToken: Set<string> }> => {
    let creds = await stored()
    if (refresh) {
      const t = now()
      const stale = creds.filter((c) => t - c.checkedAt >= staleMs)
      if (stale.length > 0) {
        await Promise.all(
          stale.map(async (c) => {
            const got = await accountsOf(credentialSend(vault, c.id, sendWith)).catch(() => undefined)
            if (got) await vault.recordAccounts(c.id, got)
          }),
        )
        vaultKept = undefined
        creds = await stored()
      }
    }
    const mine = await ownAccounts()
    // The sandbox's agency accounts are its own only while no credential is stored: a stored token then decides.
    const agency = sandbox && creds.length === 0 ? await estate() : []
    const defaultId = mine[0]?.id ?? null
    const byId = new Map<string, { id: string; name: string; credentials: ScopeCredential[] }>()
    const add = (a: { id: string; name: string }, cred: ScopeCredential) => {
      const entry = byId.get(a.id) ?? { id: a.id, name: a.name, credentials: [] }
      if (!entry.credentials.some((c) => c.id === cred.id)) entry.credentials.push(cred)
      byId.set(a.id, entry)
    }
    for (const a of [...mine, ...agency]) add(a, ownCredential)
    // Newest record first among stored credentials (the vault's own rule, credentialFor).
    for (const c of [...creds].sort((a, b) => b.checkedAt - a.checkedAt)) {
      for (const a of c.accounts) add(a, { id: c.id, label: c.label })
    }
    // A stored credential goes before the deployment's own for accounts other than the default.
    for (const entry of byId.values()) {
      if (entry.id === defaultId) continue
      const i = entry.credentials.findIndex((x) => x.id === ownCredential.id)
      if (i >= 0 && entry.credentials.length > 1) entry.credentials.push(...entry.credentials.splice(i, 1))
    }
    return { scope: { default: defaultId, accounts: [...byId.values()] }, estateToken: new Set(agency.map((a) => a.id)) }
  }

  return {
    /** The accounts list (stale stored records refreshed first). */
    list: async (): Promise<AccountsScope> => (await resolve(true)).scope,
    /**
     * Every account reached, with the route a request naming it takes, without refreshing any stored
     * credential's record (no call: the background reader and the search ask at every round).
     */
    async reached(): Promise<{ id: string; name: string; route: AccountRoute }[]> {
      const { scope, estateToken } = await resolve(false)
      return scope.accounts.map((a) => {
        const first = a.credentials[0]
        const route: AccountRoute =
          first.id === ownCredential.id ? { kind: 'own', credential: first, token: estateToken.has(a.id) ? AGENCY_TOKEN.value : undefined } : { kind: 'stored', credential: first }
        return { id: a.id, name: a.name, route }
      })
    },
    /** The route of a request naming `accountId` (undefined: no credential reaches it). */
    async route(accountId: string): Promise<AccountRoute | undefined> {
      const { scope, estateToken } = await resolve(false)
      const first = scope.accounts.find((a) => a.id === accountId)?.credentials[0]
      if (!first) return undefined
      if (first.id === ownCredential.id) return { kind: 'own', credential: first, token: estateToken.has(accountId) ? AGENCY_TOKEN.value : undefined }
      return { kind: 'stored', credential: first }
    },
  }
}

export type AccountScope = ReturnType<typeof accountScope>
