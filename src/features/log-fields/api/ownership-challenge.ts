import { useMutation } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'
import { ownershipChallengeResultSchema } from '@/shared/schemas/logpush'

/** Asks the service to write an ownership-challenge file (holding a token) to the destination. */
export const requestOwnershipChallenge = (zoneId: string, destination_conf: string) =>
  api.post(`/zones/${zoneId}/logpush/ownership`, { destination_conf }, { schema: ownershipChallengeResultSchema })

/** Checks a token read from that file. */
export const validateOwnershipChallenge = (zoneId: string, destination_conf: string, ownership_challenge: string) =>
  api.post(`/zones/${zoneId}/logpush/ownership/validate`, { destination_conf, ownership_challenge }, { schema: z.object({ valid: z.boolean() }) })

export const useRequestOwnershipChallenge = (zoneId: string) =>
  useMutation({ mutationFn: (destination: string) => requestOwnershipChallenge(zoneId, destination) })

export const useValidateOwnershipChallenge = (zoneId: string) =>
  useMutation({ mutationFn: ({ destination, token }: { destination: string; token: string }) => validateOwnershipChallenge(zoneId, destination, token) })
