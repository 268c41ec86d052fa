import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiPath } from '@/lib/api-client'
import { waitingOutRateLimit, type RateLimitWaitOptions } from '@/lib/rate-limit-wait'
import type { DnsImportResult } from '@/shared/schemas/dns-record'
import { keys } from '@/lib/query-keys'

export interface ImportWaitOptions {
  /** Aborted while waiting for the API's rate limit: the import is not sent again (AbortError). */
  signal?: AbortSignal
  /** The seconds left while it waits for the API's rate limit, every second; null once it is sent again. */
  onWait?: (secondsLeft: number | null) => void
  /** A second of waiting (tests shorten it). */
  tickMs?: number
}

/**
 * POST multipart `file` + `proxied`. The sandbox answers which lines were added and which were
 * refused (line, text, code, reason); a service that only sends the counts still works.
 *
 * An import is long work: while the account's API rate budget is nearly spent the dashboard's
 * server refuses it with 429 / 10430 and retry-after (or the service refuses everything, 971);
 * nothing was imported then, so it waits that out, counting down (`onWait`), and sends it again.
 * The signal ends a wait, never an import already sent (the answer says what it did).
 */
export function importDnsRecords(zoneId: string, file: Blob, proxied: boolean, opts: ImportWaitOptions = {}): Promise<DnsImportResult> {
  const send = () => {
    const form = new FormData()
    form.append('file', file)
    form.append('proxied', proxied ? 'true' : 'false')
    return api.post<DnsImportResult>(apiPath('/zones/:zone_id/dns_records/import', { zone_id: zoneId }), form, { work: true })
  }
  const wait: RateLimitWaitOptions = { signal: opts.signal, onWait: opts.onWait, tickMs: opts.tickMs }
  return waitingOutRateLimit(send, wait)
}

export function useImportDnsRecords(zoneId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, proxied, ...wait }: { file: Blob; proxied: boolean } & ImportWaitOptions) => importDnsRecords(zoneId, file, proxied, wait),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.dnsRecords.all(zoneId) }),
  })
}
