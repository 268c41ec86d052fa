import { useMutation } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'

/** The answers' schemas (with zod) load with the first request, not with the job form. */
const schemas = () => import('./answer-schemas')

/** Asks the service to write an ownership-challenge file (holding a token) to the destination. */
export const requestOwnershipChallenge = async (zoneId: string, destination_conf: string) =>
  api.post(
    apiPath('/zones/:zone_id/logpush/ownership', { zone_id: zoneId }),
    { destination_conf },
    { schema: (await schemas()).ownershipChallenge },
  )

/** Checks a token read from that file. */
export const validateOwnershipChallenge = async (zoneId: string, destination_conf: string, ownership_challenge: string) =>
  api.post(
    apiPath('/zones/:zone_id/logpush/ownership/validate', { zone_id: zoneId }),
    { destination_conf, ownership_challenge },
    { schema: (await schemas()).ownershipValidation },
  )

export const useRequestOwnershipChallenge = (zoneId: string) =>
  useMutation({ mutationFn: (destination: string) => requestOwnershipChallenge(zoneId, destination) })

export const useValidateOwnershipChallenge = (zoneId: string) =>
  useMutation({
    mutationFn: ({ destination, token }: { destination: string; token: string }) =>
      validateOwnershipChallenge(zoneId, destination, token),
  })
