import { describe, expect, it } from 'vitest'
import type { MigrationState } from '@/shared/schemas/load-balancing-migration'
import { clearMigration, hasSavedMigration, saveMigration, type KeyValueStore } from './saved-migration'
import { loadMigration } from './storage'

const memory = (): KeyValueStore & { data: Map<string, string> } => {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}
const state: MigrationState = {
  version: 1,
  accountId: 'acc-1',
  startedAt: '2026-03-01T00:00:00.000Z',
  updatedAt: '2026-03-01T00:00:00.000Z',
  options: { new_health: ['Unhealthy'], event_source: ['pool'] },
  pageSize: 25,
  totalPools: 3,
  groups: [{ address: 'noc@a.example', pools: [{ id: 'p1', name: 'a' }] }],
  step: 'creating',
  clearedPages: [],
  blockedPages: [],
  warnings: [],
}

describe('the saved migration without zod', () => {
  it('knows at first paint whether something is saved for the account, and forgets it', () => {
    const kv = memory()
    expect(hasSavedMigration('acc-1', kv)).toBe(false)
    saveMigration(state, kv)
    expect(hasSavedMigration('acc-1', kv)).toBe(true)
    expect(hasSavedMigration('acc-2', kv)).toBe(false)
    // What it saved is what the schema-checked reader gives back.
    expect(loadMigration('acc-1', kv)).toEqual(state)
    clearMigration('acc-1', kv)
    expect(hasSavedMigration('acc-1', kv)).toBe(false)
    expect(loadMigration('acc-1', kv)).toBeUndefined()
  })

  it('says no when there is no storage or it throws', () => {
    expect(hasSavedMigration('acc-1', undefined)).toBe(false)
    const throwing: KeyValueStore = {
      ...memory(),
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(hasSavedMigration('acc-1', throwing)).toBe(false)
  })
})
