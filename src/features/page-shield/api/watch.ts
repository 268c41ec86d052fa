import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { localCall, localPath } from '@/lib/api-client'
import type { WatchActivityInput, WatchChannelInput, WatchSettingsInput } from '@/shared/schemas/watch'
import { keys } from '@/lib/query-keys'

const p = (zoneId: string) => ({ zone_id: zoneId })

export const useWatchAlerts = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.watch.alerts(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/watch/alerts', { path: p(zoneId), signal }),
    // New alerts arrive without anyone doing anything: look again every few seconds while the page is open.
    refetchInterval: 5_000,
  })

export const useWatchRuns = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.watch.runs(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/watch/runs', { path: p(zoneId), signal }),
    refetchInterval: 15_000,
  })

export const useWatchSettings = (zoneId: string) =>
  useQuery({
    queryKey: keys.pageShield.watch.settings(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/watch', { path: p(zoneId), signal }),
  })

export const useWatchChannels = (zoneId: string, enabled: boolean) =>
  useQuery({
    queryKey: keys.pageShield.watch.channels(zoneId),
    queryFn: ({ signal }) => localCall('GET', '/api/local/zones/:zone_id/watch/channels', { path: p(zoneId), signal }),
    enabled,
  })

function useWatchMutation<I, O>(zoneId: string, fn: (input: I) => Promise<O>) {
  const qc = useQueryClient()
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.watch.all(zoneId) }) })
}

export const useMarkAlertRead = (zoneId: string) =>
  useWatchMutation(zoneId, (alertId: number) =>
    localCall('POST', '/api/local/zones/:zone_id/watch/alerts/:alert_id/read', { path: { zone_id: zoneId, alert_id: String(alertId) } }),
  )

export const useSaveWatchSettings = (zoneId: string) =>
  useWatchMutation(zoneId, (input: WatchSettingsInput) =>
    localCall('PUT', '/api/local/zones/:zone_id/watch', { path: p(zoneId), body: input }),
  )

export const useAddWatchChannel = (zoneId: string) =>
  useWatchMutation(zoneId, (input: WatchChannelInput) =>
    localCall('POST', '/api/local/zones/:zone_id/watch/channels', { path: p(zoneId), body: input }),
  )

export const useRemoveWatchChannel = (zoneId: string) =>
  useWatchMutation(zoneId, (channelId: string) =>
    localCall('DELETE', '/api/local/zones/:zone_id/watch/channels/:channel_id', { path: { zone_id: zoneId, channel_id: channelId } }),
  )

/** "Send a test" to one channel (reviewers and up); the answer says whether it was delivered. Nothing to refresh. */
export const useTestWatchChannel = (zoneId: string, channelId: string) =>
  useMutation({
    mutationFn: () =>
      localCall('POST', '/api/local/zones/:zone_id/watch/channels/:channel_id/test', { path: { zone_id: zoneId, channel_id: channelId } }),
  })

export const useCheckNow = (zoneId: string) =>
  useWatchMutation(zoneId, () => localCall('POST', '/api/local/zones/:zone_id/watch/check', { path: p(zoneId) }))

/** Sandbox only: makes the demo data change as a real zone's pages would. */
export function useSimulateActivity(zoneId: string) {
  const qc = useQueryClient()
  return useMutation({
    mutationFn: (input: Omit<WatchActivityInput, 'zone_id'>) =>
      localCall('POST', '/api/sandbox/page-shield/activity', { body: { ...input, zone_id: zoneId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: keys.pageShield.zone(zoneId) }),
  })
}

export const watchReportUrl = (zoneId: string, format: 'html' | 'csv', from: string, to: string): string =>
  localPath(format === 'csv' ? '/api/local/zones/:zone_id/watch/report.csv' : '/api/local/zones/:zone_id/watch/report', p(zoneId)) +
  `?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`
