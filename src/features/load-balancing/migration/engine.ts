/*
 * What the migration runs: API calls (parsed by the shared schemas), planning and the saved state's
 * check. It brings zod (~25 KB gzip), so useMigration loads it when a migration is planned or a
 * saved one is found, not with the page.
 */
export { POOLS_DEFAULT_PAGE_SIZE } from '@/shared/schemas/load-balancing'
export { apiMigrationClient } from './api-client'
export { newMigrationState } from './plan'
export { extendPlan, isAbort, readAllPools, runMigration } from './run-migration'
export { parseSavedMigration } from './storage'
export { savedMigrationMismatch } from './check-saved'
