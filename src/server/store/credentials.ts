import { createCipheriv, createDecipheriv, randomBytes, randomUUID } from 'node:crypto'
import type { Kysely, Migration } from 'kysely'
import type { Credential } from '../config'
import { keyFingerprint, MAKE_A_KEY } from '../credentials/key'
import type { Db } from './db'
import type { Dialect } from './dialect'

/**
 * The vault: the API credentials an agency holds (besides the environment's API_TOKEN or
 * API_EMAIL + API_KEY), each secret sealed with AES-256-GCM under a key kept outside the store
 * (CREDENTIALS_KEY / CREDENTIALS_KEY_FILE). See README.md beside this file, "Credentials".
 */
export interface CredentialsTable {
  id: string
  label: string
  /** `token` (Bearer) or `key` (X-Auth-Email + X-Auth-Key). */
  kind: string
  /** From the token's prefix: `user` (cfut_), `account` (cfat_), `global` (cfk_ or an e-mail + key), `older`. */
  family: string
  /** The global key's e-mail address (an identity, not a secret); null for a token. */
  email: string | null
  /** The sealed secret: base64 of the 12-byte IV, the ciphertext and the 16-byte GCM tag. Never plaintext. */
  secret_iv: string
  secret_data: string
  secret_tag: string
  /** The fingerprint of the key that sealed it (credentials/key.ts). */
  key_fingerprint: string
  /** JSON: `[{ id, name }]`, the accounts the credential reached when it was last checked. */
  accounts: string
  /** JSON: the token's policies where the API said them, else null. */
  policies: string | null
  /** The token's status when last checked (`active`, `disabled`, `expired`), or null where the API does not say. */
  status: string | null
  /** The token's `expires_on` (ISO) where verify reported one. */
  expires_on: string | null
  checked_at: number
  last_used_at: number | null
  created_at: number
  created_by: string
  replaced_at: number | null
  replaced_by: string | null
}

export type CredentialFamily = 'user' | 'account' | 'global' | 'older'

/** A credential as listed: everything but the secret. */
export interface StoredCredential {
  id: string
  label: string
  kind: Credential['kind']
  family: CredentialFamily
  email: string | null
  accounts: { id: string; name: string }[]
  policies: unknown
  status: string | null
  expiresOn: string | null
  checkedAt: number
  lastUsedAt: number | null
  createdAt: number
  createdBy: string
  replacedAt: number | null
  replacedBy: string | null
}

/** What a live check of a credential learnt (credentials/verify.ts). */
export interface CredentialCheck {
  accounts: { id: string; name: string }[]
  policies: unknown
  status: string | null
  expiresOn: string | null
}

/**
 * Why a secret could not be opened: no key, another key than the one that sealed it, or a row
 * whose ciphertext was changed. Names the credential, never its secret.
 */
export class CredentialKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CredentialKeyError'
  }
}

/** The token's family, read from its prefix; any other token is the older format (no length rule: it keeps working). */
export function familyOf(credential: Credential): CredentialFamily {
  if (credential.kind === 'key') return 'global'
  const t = credential.token
  return t.startsWith('cfut_') ? 'user' : t.startsWith('cfat_') ? 'account' : t.startsWith('cfk_') ? 'global' : 'older'
}

export const NO_KEY_MESSAGE =
  `Set CREDENTIALS_KEY (32 bytes as base64 or 64 hex digits) or CREDENTIALS_KEY_FILE (a file holding it, readable by its owner only) ` +
  `and restart to store credentials; make a key with \`${MAKE_A_KEY}\`.`

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** The vault's table, the same on SQLite and PostgreSQL (times are BIGINT ms; JSON and base64 as text). */
export function credentialsMigration(_dialect: Dialect): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('credentials')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('family', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('secret_iv', 'text', (c) => c.notNull())
        .addColumn('secret_data', 'text', (c) => c.notNull())
        .addColumn('secret_tag', 'text', (c) => c.notNull())
        .addColumn('key_fingerprint', 'text', (c) => c.notNull())
        .addColumn('accounts', 'text', (c) => c.notNull())
        .addColumn('policies', 'text')
        .addColumn('status', 'text')
        .addColumn('expires_on', 'text')
        .addColumn('checked_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('created_by', 'text', (c) => c.notNull())
        .addColumn('replaced_at', 'bigint')
        .addColumn('replaced_by', 'text')
        .execute()
    },
  }
}

interface Sealed {
  secret_iv: string
  secret_data: string
  secret_tag: string
  key_fingerprint: string
}

/** The part of a credential that is sealed: the token, or the key (the e-mail stays readable). */
const secretText = (c: Credential) => (c.kind === 'token' ? c.token : c.key)

/**
 * AES-256-GCM with a fresh 12-byte IV each time; the row's id is the additional data, so a sealed
 * secret copied onto another row does not open there either.
 */
function seal(key: Buffer, id: string, secret: string): Sealed {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  cipher.setAAD(Buffer.from(id, 'utf8'))
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()])
  return { secret_iv: iv.toString('base64'), secret_data: data.toString('base64'), secret_tag: cipher.getAuthTag().toString('base64'), key_fingerprint: keyFingerprint(key) }
}

function open(key: Buffer | undefined, row: Sealed & { id: string; label: string }): string {
  const named = `the credential "${row.label}" (${row.id})`
  if (!key) throw new CredentialKeyError(`${named} cannot be opened: no key is set. ${NO_KEY_MESSAGE}`)
  if (row.key_fingerprint !== keyFingerprint(key)) {
    throw new CredentialKeyError(`${named} was stored with another key than CREDENTIALS_KEY holds now: set the key it was stored with, or enter the credential again.`)
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(row.secret_iv, 'base64'))
    decipher.setAAD(Buffer.from(row.id, 'utf8'))
    decipher.setAuthTag(Buffer.from(row.secret_tag, 'base64'))
    return Buffer.concat([decipher.update(Buffer.from(row.secret_data, 'base64')), decipher.final()]).toString('utf8')
  } catch {
    throw new CredentialKeyError(`${named} does not open: its stored secret was changed or damaged (the check of its authentication tag failed). Enter the credential again.`)
  }
}

const TOUCH_EVERY_MS = 60_000

/** The vault's store: sealed on the way in, opened only by `secretOf`. `key` undefined: listing works, storing is refused. */
export function credentialStore(db: () => Promise<Db>, now: () => number, key: Buffer | undefined) {
  const view = (r: CredentialsTable): StoredCredential => ({
    id: r.id,
    label: r.label,
    kind: r.kind === 'key' ? 'key' : 'token',
    family: r.family as CredentialFamily,
    email: r.email,
    accounts: JSON.parse(r.accounts) as { id: string; name: string }[],
    policies: r.policies === null ? null : (JSON.parse(r.policies) as unknown),
    status: r.status,
    expiresOn: r.expires_on,
    checkedAt: r.checked_at,
    lastUsedAt: r.last_used_at,
    createdAt: r.created_at,
    createdBy: r.created_by,
    replacedAt: r.replaced_at,
    replacedBy: r.replaced_by,
  })
  const needKey = (): Buffer => {
    if (!key) throw new CredentialKeyError(`No credential can be stored: no key is set. ${NO_KEY_MESSAGE}`)
    return key
  }
  const checked = (check: CredentialCheck) => ({
    accounts: JSON.stringify(check.accounts),
    policies: check.policies === null || check.policies === undefined ? null : JSON.stringify(check.policies),
    status: check.status,
    expires_on: check.expiresOn,
    checked_at: now(),
  })
  const row = async (id: string) => (await db()).selectFrom('credentials').selectAll().where('id', '=', id).executeTakeFirst()
  const list = async (): Promise<StoredCredential[]> => {
    const rows = await (await db()).selectFrom('credentials').selectAll().orderBy('created_at').orderBy('id').execute()
    return rows.map(view)
  }
  return {
    /** Whether a key is set (without one, the page explains how to set it instead of its form). */
    hasKey: key !== undefined,
    list,
    async get(id: string): Promise<StoredCredential | undefined> {
      const r = await row(id)
      return r && view(r)
    },
    async add(input: { label: string; credential: Credential; check: CredentialCheck; by: string }): Promise<StoredCredential> {
      const k = needKey()
      const id = randomUUID()
      const r: CredentialsTable = {
        id,
        label: input.label,
        kind: input.credential.kind,
        family: familyOf(input.credential),
        email: input.credential.kind === 'key' ? input.credential.email : null,
        ...seal(k, id, secretText(input.credential)),
        ...checked(input.check),
        last_used_at: null,
        created_at: now(),
        created_by: input.by,
        replaced_at: null,
        replaced_by: null,
      }
      await (await db()).insertInto('credentials').values(r).execute()
      return view(r)
    },
    /** A new secret for a credential (rotation): the next `secretOf` answers it, on every instance. */
    async replace(id: string, input: { credential: Credential; check: CredentialCheck; by: string }): Promise<StoredCredential | undefined> {
      const k = needKey()
      const d = await db()
      const r = await d
        .updateTable('credentials')
        .set({
          kind: input.credential.kind,
          family: familyOf(input.credential),
          email: input.credential.kind === 'key' ? input.credential.email : null,
          ...seal(k, id, secretText(input.credential)),
          ...checked(input.check),
          replaced_at: now(),
          replaced_by: input.by,
        })
        .where('id', '=', id)
        .executeTakeFirst()
      if (Number(r.numUpdatedRows) !== 1) return undefined
      return view((await row(id))!)
    },
    async remove(id: string): Promise<StoredCredential | undefined> {
      const d = await db()
      const r = await row(id)
      if (!r) return undefined
      const gone = await d.deleteFrom('credentials').where('id', '=', id).executeTakeFirst()
      return Number(gone.numDeletedRows) === 1 ? view(r) : undefined
    },
    /** The credential's secret, opened; throws CredentialKeyError (naming it) under a wrong key or a changed row, undefined when there is no such credential. */
    async secretOf(id: string): Promise<Credential | undefined> {
      const r = await row(id)
      if (!r) return undefined
      const secret = open(key, r)
      return r.kind === 'key' ? { kind: 'key', email: r.email ?? '', key: secret } : { kind: 'token', token: secret }
    },
    /** The credential that reaches an account (the most recently checked of them), for the upstream to choose by. */
    async credentialFor(accountId: string): Promise<StoredCredential | undefined> {
      const all = await list()
      return all.filter((c) => c.accounts.some((a) => a.id === accountId)).sort((a, b) => b.checkedAt - a.checkedAt)[0]
    },
    /** The accounts a credential reaches, as its own live call just said (a refresh of a stale record; the secret is untouched). */
    async recordAccounts(id: string, accounts: { id: string; name: string }[]): Promise<void> {
      await (await db()).updateTable('credentials').set({ accounts: JSON.stringify(accounts), checked_at: now() }).where('id', '=', id).execute()
    },
    /** Marks a credential used (at most once a minute, as personal API tokens are). */
    async touch(id: string): Promise<void> {
      const t = now()
      await (await db())
        .updateTable('credentials')
        .set({ last_used_at: t })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', t - TOUCH_EVERY_MS)]))
        .execute()
    },
  }
}
