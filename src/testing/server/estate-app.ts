import { randomBytes } from 'node:crypto'
import { afterAll } from 'vitest'
import { createApp } from '../../server/app'
import { ESTATE_ACCOUNTS, SANDBOX_TOKENS } from '../../server/emulator/estate/data'
import { createStore, type Store } from '../../server/store'
import { memoryEmulator } from '../memory-emulator'
import { testConfig } from '../server'

/**
 * A dashboard on the sandbox's demo data (no scale-test zones) with a vault key, so a test can store
 * the estate's tokens as credentials and reach the agency's client accounts through them; closed
 * after the file's tests.
 */
export function estateApp() {
  const emulator = memoryEmulator({ scaleZones: false })
  const store = createStore({ dataDir: ':memory:', credentialsKey: randomBytes(32) })
  const app = createApp({ config: testConfig(), emulator, store })
  afterAll(async () => {
    emulator.close()
    await store.close()
  })
  return { emulator, store, app }
}

/**
 * The sandbox's first two client tokens stored as the dashboard's credentials: Harbour Dental's
 * (SANDBOX_TOKENS[0]) and Fox & Finch's ([1]), each reaching its own account alone.
 */
export async function storeClientTokens(store: Store): Promise<void> {
  for (const [account, i] of [[ESTATE_ACCOUNTS.harbour, 0], [ESTATE_ACCOUNTS.foxFinch, 1]] as const) {
    if (SANDBOX_TOKENS[i].accounts.join() !== account.id) throw new Error(`SANDBOX_TOKENS[${i}] no longer reaches ${account.name} alone`)
    await store.credentials.add({
      label: `${account.name} token`,
      credential: { kind: 'token', token: SANDBOX_TOKENS[i].value },
      check: { accounts: [{ id: account.id, name: account.name }], policies: null, status: null, expiresOn: null },
      by: 'test',
    })
  }
}
