/**
 * The script watch's constants and shapes, without zod: pages that only show alerts or
 * offer the sandbox's activity button import these and keep the schemas out of their first load.
 */

/** PCI DSS 11.6.1: at least once every seven days. */
export const WATCH_MAX_INTERVAL_MINUTES = 7 * 24 * 60

export const WATCH_ACTIVITY_KINDS = ['new-script', 'malicious-script', 'hash-change', 'score-drop', 'infrequent', 'connection-reported'] as const
export type WatchActivityKind = (typeof WATCH_ACTIVITY_KINDS)[number]
export const WATCH_ACTIVITY_LABEL: Record<WatchActivityKind, string> = {
  'new-script': 'A new script appears',
  'malicious-script': 'A new malicious script appears',
  'hash-change': "A reviewed script's code changes",
  'score-drop': "A script's integrity score drops below 10",
  infrequent: 'A script is now seen only infrequently',
  'connection-reported': "Threat feeds start (or stop) reporting a connection's host",
}

export const WATCH_CHANGE_KINDS = ['new', 'changed', 'removed', 'malicious', 'infrequent', 'connection', 'policy'] as const
export type WatchChangeKind = (typeof WATCH_CHANGE_KINDS)[number]

// The views' types are derived from their schemas (src/shared/schemas/watch.ts), named here by a
// type-only import, so importing this module still loads no zod.
import type * as views from '../schemas/watch'
export type WatchAlert = views.WatchAlert
export type WatchAlertDetail = views.WatchAlertDetail
export type WatchChannelEntry = views.WatchChannelEntry
export type WatchChannelTestResult = views.WatchChannelTestResult
export type WatchDeliverySummary = views.WatchDeliverySummary
export type WatchRunEntry = views.WatchRunEntry
export type WatchScores = views.WatchScores
export type WatchSettings = views.WatchSettings

/** How long a person waits between two tests of one channel. */
export const WATCH_TEST_EVERY_MS = 30_000

/** The schedule in words, and whether it meets PCI DSS 11.6.1's "at least weekly". */
export function watchScheduleWords(s: Pick<WatchSettings, 'interval_minutes' | 'enabled'>): { every: string; weekly: boolean } {
  const m = s.interval_minutes
  const unit = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
  const every =
    m === 1
      ? 'every minute'
      : m % 10_080 === 0
        ? m === 10_080 ? 'once a week' : `every ${unit(m / 10_080, 'week')}`
        : m % 1440 === 0
          ? m === 1440 ? 'once a day' : `every ${unit(m / 1440, 'day')}`
          : m % 60 === 0
            ? m === 60 ? 'every hour' : `every ${unit(m / 60, 'hour')}`
            : m > 60
              ? `every ${unit(Math.floor(m / 60), 'hour')} ${unit(m % 60, 'minute')}`
              : `every ${unit(m, 'minute')}`
  return { every, weekly: s.enabled && m <= WATCH_MAX_INTERVAL_MINUTES }
}
