import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { local, localPath } from '@/lib/api-client'
import type { PaymentPage, PaymentPageInput, PatternVerdict, PatternVerdictInput } from '@/shared/schemas/page-shield-patterns'
import { pageShieldKeys } from './keys'

/*
 * The zone's payment pages and pattern verdicts (server/local/page-patterns.ts). Under the reviews'
 * key: recording or removing one changes review states and counts, so every view of them is read again.
 */
const paymentPagesPath = (zoneId: string) => localPath('/api/local/zones/:zone_id/page-shield/reviews/payment-pages', { zone_id: zoneId })
const patternsPath = (zoneId: string) => localPath('/api/local/zones/:zone_id/page-shield/reviews/patterns', { zone_id: zoneId })

export const usePaymentPages = (zoneId: string) =>
  useQuery({
    queryKey: [...pageShieldKeys.reviews(zoneId), 'payment-pages'],
    queryFn: ({ signal }) => local.get<PaymentPage[]>(paymentPagesPath(zoneId), { signal }),
  })

export const usePatternVerdicts = (zoneId: string) =>
  useQuery({
    queryKey: [...pageShieldKeys.reviews(zoneId), 'patterns'],
    queryFn: ({ signal }) => local.get<PatternVerdict[]>(patternsPath(zoneId), { signal }),
  })

function useWrite<I, O>(zoneId: string, write: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: write, onSuccess: () => qc.invalidateQueries({ queryKey: pageShieldKeys.reviews(zoneId) }) })
}

export const useAddPaymentPage = (zoneId: string) =>
  useWrite(zoneId, (body: PaymentPageInput) => local.post<PaymentPage>(paymentPagesPath(zoneId), { body }))

export const useRemovePaymentPage = (zoneId: string) =>
  useWrite(zoneId, (id: number) =>
    local.delete(localPath('/api/local/zones/:zone_id/page-shield/reviews/payment-pages/:id', { zone_id: zoneId, id: String(id) })),
  )

export const useAddPatternVerdict = (zoneId: string) =>
  useWrite(zoneId, (body: PatternVerdictInput) => local.post<PatternVerdict>(patternsPath(zoneId), { body }))

export const useRemovePatternVerdict = (zoneId: string) =>
  useWrite(zoneId, (id: number) =>
    local.delete(localPath('/api/local/zones/:zone_id/page-shield/reviews/patterns/:id', { zone_id: zoneId, id: String(id) })),
  )
