import { SCORE_FIELDS, type ScoreField } from '@/shared/page-shield/malicious'
import type { ScriptVersion } from '@/shared/schemas/page-shield'

export type Change = 'better' | 'worse' | 'same' | 'new'

export interface TimelineEntry {
  version: ScriptVersion
  /** Per score: the change from the previous version (scores: lower is worse). */
  changes: Record<ScoreField, { value: number | null; previous: number | null; change: Change }>
  hashChanged: boolean
}

const time = (v: ScriptVersion) => (v.fetched_at ? new Date(v.fetched_at).getTime() : 0)

/** The versions oldest first, each compared with the one before it. */
export function versionTimeline(versions: ScriptVersion[] | null | undefined): TimelineEntry[] {
  const ordered = [...(versions ?? [])].sort((a, b) => time(a) - time(b))
  return ordered.map((version, i) => {
    const prev = i > 0 ? ordered[i - 1] : undefined
    const changes = {} as TimelineEntry['changes']
    for (const f of SCORE_FIELDS) {
      const value = version[f] ?? null
      const previous = prev ? (prev[f] ?? null) : null
      const change: Change =
        !prev || previous === null || value === null
          ? prev
            ? 'same'
            : 'new'
          : value > previous
            ? 'better'
            : value < previous
              ? 'worse'
              : 'same'
      changes[f] = { value, previous, change }
    }
    return { version, changes, hashChanged: prev !== undefined && prev.hash !== version.hash }
  })
}
