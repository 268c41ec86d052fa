import { describe, expect, it } from 'vitest'
import type { MigrationState } from '@/shared/schemas/load-balancing-migration'
import { savedMigrationMismatch } from './check-saved'

const state = (step: MigrationState['step'], policyIds: (string | undefined)[]): MigrationState => ({
  version: 1,
  accountId: 'acc',
  startedAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  options: { new_health: ['Unhealthy'], event_source: ['pool'] },
  pageSize: 50,
  totalPools: 2,
  groups: policyIds.map((policyId, i) => ({ address: `ops${i}@example.com`, pools: [{ id: `p${i}`, name: `pool${i}` }], policyId })),
  step,
  clearedPages: step === 'done' ? [1] : [],
  blockedPages: [],
  warnings: [],
  log: [],
})

describe('savedMigrationMismatch: the saved copy is checked against the account', () => {
  const cleared = [{ notification_email: '' }, { notification_email: '' }]
  it('accepts a finished migration whose policies exist and pools are clear', () => {
    expect(savedMigrationMismatch(state('done', ['a', 'b']), cleared, [{ id: 'a' }, { id: 'b' }])).toBeUndefined()
  })
  it('accepts a paused one whose pools still carry e-mails (they are what is left to do)', () => {
    expect(savedMigrationMismatch(state('clearing', ['a', undefined]), [{ notification_email: 'x@y.z' }], [{ id: 'a' }])).toBeUndefined()
  })
  it('sets aside a "done" migration after the e-mails came back and its policies vanished (a sandbox reset)', () => {
    const why = savedMigrationMismatch(state('done', ['a', 'b']), [{ notification_email: 'x@y.z' }, { notification_email: '' }], [])
    expect(why).toMatch(/no longer matches the account: 2 policies it created are gone and 1 pool has a legacy e-mail again/)
  })
})
