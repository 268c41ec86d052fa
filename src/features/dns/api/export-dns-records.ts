import { api, apiPath } from '@/lib/api-client'

/** The zone as a BIND zone file (plain text). */
export const exportDnsRecords = (zoneId: string) => api.text(apiPath('/zones/:zone_id/dns_records/export', { zone_id: zoneId }))

/** Saves text as a file through the browser's download. */
export function downloadText(text: string, fileName: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.append(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
