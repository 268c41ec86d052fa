/**
 * A saved load-balancing migration's state as the page writes it (`PUT /api/local/accounts/:id/lb-migration`):
 * one group of one pool, its first page cleared. Shared by the server tests and the e2e spec that save one.
 */
export const savedMigrationState = (accountId: string, patch: Record<string, unknown> = {}) => ({
  version: 1,
  accountId,
  startedAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:01:00.000Z',
  options: { new_health: ['Unhealthy'], event_source: ['pool'] },
  pageSize: 25,
  totalPools: 2,
  groups: [{ address: 'noc@acme.example', pools: [{ id: 'p1', name: 'pool-1' }], policyId: 'd'.repeat(32) }],
  step: 'clearing',
  clearedPages: [1],
  blockedPages: [],
  warnings: [],
  log: [{ type: 'page-cleared', page: 1, pools: 1, names: ['pool-1'] }],
  ...patch,
})
