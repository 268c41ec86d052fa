import { zodResolver } from '@hookform/resolvers/zod'
import { destinationConfSchema, destinationNeedsOwnership, logpushJobCreateSchema } from '@/shared/schemas/logpush'

/*
 * The job form's checks: the shared create schema (the one the server uses) and the ownership rule.
 * They bring zod (~25 KB gzip), so the form loads them on demand (see use-job-checks.ts).
 */

export const jobResolver = zodResolver(logpushJobCreateSchema)

/** Whether a valid destination needs the ownership challenge (s3, gs, azure, sumo). */
export const needsOwnership = (destination: string) =>
  destinationConfSchema.safeParse(destination).success && destinationNeedsOwnership(destination)
