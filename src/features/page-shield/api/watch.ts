import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { local, localPath } from '@/lib/api-client'
import type { WatchAlert, WatchChannelEntry, WatchChannelTestResult, WatchRunEntry, WatchSettings } from '@/shared/page-shield/watch'
import type { WatchActivityInput, WatchChannelInput, WatchSettingsInput } from '@/shared/schemas/watch'
import { keys } from '@/lib/query-keys'

const p = (zoneId: string) => ({ zone_id: zoneId })

export const useWatchAlerts = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.watch.alerts(zoneId),
    queryFn: ({ signal }) => local.get<WatchAlert[]>(localPath('/api/local/zones/:zone_id/watch/alerts', p(zoneId)), { signal }),
    // New alerts arrive without anyone doing anything: look again every few seconds while the page is open.
    refetchInterval: 5_000,
  })

export const useWatchRuns = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.watch.runs(zoneId),
    queryFn: ({ signal }) => local.get<WatchRunEntry[]>(localPath('/api/local/zones/:zone_id/watch/runs', p(zoneId)), { signal }),
    refetchInterval: 15_000,
  })

export const useWatchSettings = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.watch.settings(zoneId),
    queryFn: ({ signal }) => local.get<WatchSettings>(localPath('/api/local/zones/:zone_id/watch', p(zoneId)), { signal }),
  })

export const useWatchChannels = (zoneId: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.pageShield.watch.channels(zoneId),
    queryFn: ({ signal }) => local.get<WatchChannelEntry[]>(localPath('/api/local/zones/:zone_id/watch/channels', p(zoneId)), { signal }),
    enabled,
  })

function useWatchMutation<I, O>(zoneId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.watch.all(zoneId) }) })
}

export const useMarkAlertRead = (zoneId: string) =>
  useWatchMutation(zoneId, (alertId: number) =>
    local.post(localPath('/api/local/zones/:zone_id/watch/alerts/:alert_id/read', { zone_id: zoneId, alert_id: String(alertId) })),
  )

export const useSaveWatchSettings = (zoneId: string) =>
  useWatchMutation(zoneId, (input: WatchSettingsInput) =>
    local.put<WatchSettings>(localPath('/api/local/zones/:zone_id/watch', p(zoneId)), { body: input }),
  )

export const useAddWatchChannel = (zoneId: string) =>
  useWatchMutation(zoneId, (input: WatchChannelInput) =>
    local.post<WatchChannelEntry & { secret?: string }>(localPath('/api/local/zones/:zone_id/watch/channels', p(zoneId)), { body: input }),
  )

export const useRemoveWatchChannel = (zoneId: string) =>
  useWatchMutation(zoneId, (channelId: string) =>
    local.delete(localPath('/api/local/zones/:zone_id/watch/channels/:channel_id', { zone_id: zoneId, channel_id: channelId })),
  )

/** "Send a test" to one channel (reviewers and up); the answer says whether it was delivered. Nothing to refresh. */
export const useTestWatchChannel = (zoneId: string, channelId: string) =>
  useMutation({
    mutationFn: () =>
      local.post<WatchChannelTestResult>(localPath('/api/local/zones/:zone_id/watch/channels/:channel_id/test', { zone_id: zoneId, channel_id: channelId })),
  })

export const useCheckNow = (zoneId: string) =>
  useWatchMutation(zoneId, () => local.post(localPath('/api/local/zones/:zone_id/watch/check', p(zoneId))))

/** Sandbox only: makes the demo data change as a real zone's pages would. */
export function useSimulateActivity(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<WatchActivityInput, 'zone_id'>) =>
      local.post<{ description: string; script_id?: string; connection_id?: string }>('/api/sandbox/page-shield/activity', { body: { ...input, zone_id: zoneId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.zone(zoneId) }),
  })
}

export const watchReportUrl = (zoneId: string, format: 'html' | 'csv', from: string, to: string): string =>
  localPath(format === 'csv' ? '/api/local/zones/:zone_id/watch/report.csv' : '/api/local/zones/:zone_id/watch/report', p(zoneId)) +
  `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`
