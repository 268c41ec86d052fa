import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'
import type { PaymentPageInput, PatternVerdictInput } from '@/shared/schemas/page-shield-patterns'

/*
 * The zone's payment pages and pattern verdicts (server/local/page-patterns.ts). Under the reviews'
 * key: recording or removing one changes review states and counts, so every view of them is read again.
 */
export const usePaymentPages = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.paymentPages(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/page-shield/reviews/payment-pages', { path: { zone_id: zoneId }, signal }),
  })

export const usePatternVerdicts = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.patternVerdicts(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/page-shield/reviews/patterns', { path: { zone_id: zoneId }, signal }),
  })

function useWrite<I, O>(zoneId: string, write: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.reviews(zoneId) }) })
}

export const useAddPaymentPage = (zoneId: string) =>
  useWrite(zoneId, (body: PaymentPageInput) => localCall('POST', '/api/local/zones/:zone_id/page-shield/reviews/payment-pages', { path: { zone_id: zoneId }, body }))

export const useRemovePaymentPage = (zoneId: string) =>
  useWrite(zoneId, (id: number) =>
    localCall('DELETE', '/api/local/zones/:zone_id/page-shield/reviews/payment-pages/:id', { path: { zone_id: zoneId, id: String(id) } }),
  )

export const useAddPatternVerdict = (zoneId: string) =>
  useWrite(zoneId, (body: PatternVerdictInput) => localCall('POST', '/api/local/zones/:zone_id/page-shield/reviews/patterns', { path: { zone_id: zoneId }, body }))

export const useRemovePatternVerdict = (zoneId: string) =>
  useWrite(zoneId, (id: number) =>
    localCall('DELETE', '/api/local/zones/:zone_id/page-shield/reviews/patterns/:id', { path: { zone_id: zoneId, id: String(id) } }),
  )
