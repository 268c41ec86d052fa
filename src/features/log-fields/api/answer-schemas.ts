import { z } from 'zod'
import { logpushJobSchema, ownershipChallengeResultSchema } from '@/shared/schemas/logpush'

/*
 * What the log-job writes answer, checked before use. Imported lazily by log-job-mutations.ts and
 * ownership-challenge.ts so zod loads with the first write, not with the log pages.
 */
export const job = logpushJobSchema
export const deletedJob = z.object({ id: z.number() })
export const ownershipChallenge = ownershipChallengeResultSchema
export const ownershipValidation = z.object({ valid: z.boolean() })
