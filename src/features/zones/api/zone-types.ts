/**
 * The zone object (api-notes §2.2), typed by the shared schema. Type-only import: the browser does
 * not parse zones with zod (it would add classic zod to the zones pages' first load).
 */
export type { Zone } from '@/shared/schemas/zone'
