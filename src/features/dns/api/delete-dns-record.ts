import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { dnsRecordsPath } from './get-dns-records'

export const deleteDnsRecord = (zoneId: string, id: string) => api.delete<{ id: string }>(`${dnsRecordsPath(zoneId)}/${id}`)

export function useDeleteDnsRecord(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteDnsRecord(zoneId, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['dns-records', zoneId] }),
  })
}
