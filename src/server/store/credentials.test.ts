import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresMissing, startPostgres, type TestPostgres } from '../../testing/postgres'
import { createDb, type StoreLocation } from './db'
import { createStore } from '.'

/**
 * The vault's store on SQLite and PostgreSQL: secrets round-trip, the stored row (and, on SQLite,
 * the database's bytes) never hold one, a row sealed under one key is refused by name under another,
 * and a changed ciphertext is caught by GCM's tag.
 */
const missing = postgresMissing()
if (missing) console.warn(missing)
let pg: TestPostgres | undefined
const dir = mkdtempSync(join(tmpdir(), 'zk-vault-'))
beforeAll(async () => {
  if (!missing) pg = await startPostgres()
})
afterAll(() => {
  pg?.stop()
  rmSync(dir, { recursive: true, force: true })
})

const backends: { name: string; skip: boolean; location: () => Promise<StoreLocation> }[] = [
  { name: 'SQLite', skip: false, location: async () => ({ dataDir: join(dir, String(Math.random())) }) },
  { name: 'PostgreSQL', skip: Boolean(missing), location: async () => ({ dataDir: dir, databaseUrl: await pg!.createDatabase() }) },
]

const TOKEN = 'cfut_' + 'S3cretTokenText'.repeat(3)
const KEY = 'cfk_' + 'GlobalKeyText42'.repeat(2)
const check = { accounts: [{ id: 'a1', name: 'Agency client' }], policies: null, status: 'active', expiresOn: '2030-01-01T00:00:00Z' }

describe.each(backends)('the credential vault on $name', ({ location, skip }) => {
  it.skipIf(skip)('seals on the way in and opens on the way out; no plaintext in the row; touch and credentialFor', async () => {
    const where = await location()
    const key = randomBytes(32)
    const store = createStore({ ...where, credentialsKey: key })
    const t = await store.credentials.add({ label: 'Client A', credential: { kind: 'token', token: TOKEN }, check, by: 'Ada (ada)' })
    const k = await store.credentials.add({ label: 'Client B', credential: { kind: 'key', email: 'ops@example.com', key: KEY }, check: { ...check, accounts: [] }, by: 'Ada (ada)' })
    expect(t).toMatchObject({ family: 'user', kind: 'token', accounts: check.accounts, expiresOn: check.expiresOn, createdBy: 'Ada (ada)' })
    expect(k).toMatchObject({ family: 'global', kind: 'key', email: 'ops@example.com' })
    expect(await store.credentials.secretOf(t.id)).toEqual({ kind: 'token', token: TOKEN })
    expect(await store.credentials.secretOf(k.id)).toEqual({ kind: 'key', email: 'ops@example.com', key: KEY })
    expect(JSON.stringify(await store.credentials.list())).not.toContain('S3cret')
    expect((await store.credentials.credentialFor('a1'))?.id).toBe(t.id)
    expect(await store.credentials.credentialFor('other')).toBeUndefined()

    // The raw rows, read past the store's functions.
    const raw = createDb(where)
    const rows = JSON.stringify(await raw.selectFrom('credentials').selectAll().execute())
    await raw.destroy()
    for (const secret of [TOKEN, KEY, 'S3cretTokenText', 'GlobalKeyText42']) expect(rows).not.toContain(secret)
    expect(rows).toContain('Client A')
    await store.close()
    if (!where.databaseUrl) {
      // And the database's own bytes (the file and its write-ahead log).
      for (const f of readdirSync(where.dataDir)) {
        const bytes = readFileSync(join(where.dataDir, f))
        expect(bytes.includes(Buffer.from('S3cretTokenText')), f).toBe(false)
        expect(bytes.includes(Buffer.from('GlobalKeyText42')), f).toBe(false)
      }
    }
  })

  it.skipIf(skip)('each sealing takes a fresh IV: the same secret twice gives different ciphertexts; replace opens to the new secret', async () => {
    const where = await location()
    const store = createStore({ ...where, credentialsKey: randomBytes(32) })
    const a = await store.credentials.add({ label: 'A', credential: { kind: 'token', token: TOKEN }, check, by: 'x' })
    const raw = createDb(where)
    const first = await raw.selectFrom('credentials').select(['secret_iv', 'secret_data']).where('id', '=', a.id).executeTakeFirstOrThrow()
    const replaced = await store.credentials.replace(a.id, { credential: { kind: 'token', token: TOKEN }, check, by: 'y' })
    const second = await raw.selectFrom('credentials').select(['secret_iv', 'secret_data']).where('id', '=', a.id).executeTakeFirstOrThrow()
    expect(second.secret_iv).not.toBe(first.secret_iv)
    expect(second.secret_data).not.toBe(first.secret_data)
    expect(replaced?.replacedBy).toBe('y')
    await store.credentials.replace(a.id, { credential: { kind: 'token', token: 'older-format-token' }, check, by: 'y' })
    expect(await store.credentials.secretOf(a.id)).toEqual({ kind: 'token', token: 'older-format-token' })
    expect((await store.credentials.get(a.id))?.family).toBe('older')
    await raw.destroy()
    await store.close()
  })

  it.skipIf(skip)('a row sealed with one key is refused under another, naming the credential; without a key storing is refused', async () => {
    const where = await location()
    const first = createStore({ ...where, credentialsKey: randomBytes(32) })
    const a = await first.credentials.add({ label: 'Client A', credential: { kind: 'token', token: TOKEN }, check, by: 'x' })
    await first.close()
    const other = createStore({ ...where, credentialsKey: randomBytes(32) })
    // Listing still works (the page opens); only opening the secret is refused.
    expect((await other.credentials.list()).map((c) => c.label)).toEqual(['Client A'])
    await expect(other.credentials.secretOf(a.id)).rejects.toThrow(/"Client A".*another key/)
    await other.close()
    const none = createStore(where)
    expect(none.credentials.hasKey).toBe(false)
    await expect(none.credentials.secretOf(a.id)).rejects.toThrow(/"Client A".*no key is set.*CREDENTIALS_KEY_FILE.*openssl rand -base64 32/)
    await expect(none.credentials.add({ label: 'B', credential: { kind: 'token', token: TOKEN }, check, by: 'x' })).rejects.toThrow(/CREDENTIALS_KEY/)
    await none.close()
  })

  it.skipIf(skip)('a changed ciphertext, tag or IV is detected (GCM), and a sealed secret copied onto another row does not open there', async () => {
    const where = await location()
    const key = randomBytes(32)
    const store = createStore({ ...where, credentialsKey: key })
    const a = await store.credentials.add({ label: 'Client A', credential: { kind: 'token', token: TOKEN }, check, by: 'x' })
    const b = await store.credentials.add({ label: 'Client B', credential: { kind: 'token', token: 'cfut_other' }, check, by: 'x' })
    const raw = createDb(where)
    const sealed = await raw.selectFrom('credentials').select(['secret_iv', 'secret_data', 'secret_tag']).where('id', '=', a.id).executeTakeFirstOrThrow()
    const flip = (b64: string) => {
      const bytes = Buffer.from(b64, 'base64')
      bytes[0] ^= 1
      return bytes.toString('base64')
    }
    for (const column of ['secret_data', 'secret_tag', 'secret_iv'] as const) {
      await raw.updateTable('credentials').set({ [column]: flip(sealed[column]) }).where('id', '=', a.id).execute()
      await expect(store.credentials.secretOf(a.id), column).rejects.toThrow(/"Client A".*changed or damaged/)
      await raw.updateTable('credentials').set(sealed).where('id', '=', a.id).execute()
    }
    expect(await store.credentials.secretOf(a.id)).toEqual({ kind: 'token', token: TOKEN })
    await raw.updateTable('credentials').set(sealed).where('id', '=', b.id).execute()
    await expect(store.credentials.secretOf(b.id)).rejects.toThrow(/"Client B".*changed or damaged/)
    await raw.destroy()
    await store.close()
  })
})
