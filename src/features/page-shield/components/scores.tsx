import {
  MALICIOUS_JS_INTEGRITY_THRESHOLD,
  SCORE_EXPLANATIONS,
  SCORE_FIELDS,
  type ScoreField,
} from '@/shared/page-shield/malicious'
import { formatDateTime } from '@/lib/format'
import type { ScriptVersion } from '@/shared/schemas/page-shield'
import { TruncatedText } from '@/components/ui/truncated-text'
import { versionTimeline, type Change } from '../lib/versions'
import { MaliciousMarker, ScoreValue } from './markers'

const RETIRED: ScoreField[] = ['dataflow_score', 'obfuscation_score']

/** Every score with its value and one sentence saying what it measures and which way is worse. */
export function ScoreList({ scores }: { scores: Partial<Record<ScoreField, number | null>> }) {
  const fields = SCORE_FIELDS.filter((f) => !RETIRED.includes(f) || (scores[f] ?? null) !== null)
  return (
    <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {fields.map((f) => (
        <li key={f} className="flex gap-4 py-2.5">
          <div className="w-12 shrink-0 pt-0.5 text-right text-lg">
            <ScoreValue score={scores[f]} />
          </div>
          <div>
            <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{SCORE_EXPLANATIONS[f].label}</p>
            <p className="text-sm text-zinc-600 dark:text-zinc-300">{SCORE_EXPLANATIONS[f].sentence}</p>
          </div>
        </li>
      ))}
    </ul>
  )
}

const CHANGE_TEXT: Record<Change, string> = { better: '▲ better', worse: '▼ worse', same: 'no change', new: 'first analysis' }
const CHANGE_TONE: Record<Change, string> = {
  better: 'text-emerald-700 dark:text-emerald-300',
  worse: 'text-red-700 dark:text-red-300',
  same: 'text-zinc-500 dark:text-zinc-400',
  new: 'text-zinc-500 dark:text-zinc-400',
}
const SHOWN: ScoreField[] = ['js_integrity_score', 'malware_score', 'magecart_score', 'cryptomining_score']

/** The analysed versions as a timeline, oldest at the top: how each score moved from one version to the next. */
export function VersionTimeline({ versions }: { versions: ScriptVersion[] | null | undefined }) {
  const entries = versionTimeline(versions)
  if (!entries.length)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-300">
        No analysed version yet: the code has not been fetched and scored.
      </p>
    )
  return (
    <ol aria-label="Versions, oldest first" className="relative space-y-4 border-l-2 border-zinc-200 pl-5 dark:border-zinc-700">
      {entries.map((e, i) => (
        <li key={`${e.version.hash}-${i}`} className="relative">
          <span
            className="absolute top-1.5 -left-[1.65rem] size-3 rounded-full border-2 border-white bg-blue-600 dark:border-zinc-900"
            aria-hidden="true"
          />
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
              Version {i + 1}
              {i === entries.length - 1 && ' (current)'}
            </h3>
            <span className="text-sm text-zinc-600 dark:text-zinc-400">fetched {formatDateTime(e.version.fetched_at)}</span>
            <MaliciousMarker score={e.version.js_integrity_score} />
          </div>
          <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">
            Code fingerprint {e.hashChanged ? '(changed) ' : ''}
            {e.version.hash ? <TruncatedText value={e.version.hash} max={20} mono /> : 'not available'}
          </p>
          <table className="mt-2 text-sm">
            <caption className="sr-only">Scores of version {i + 1} and how they changed</caption>
            <tbody>
              {SHOWN.map((f) => {
                const c = e.changes[f]
                return (
                  <tr key={f}>
                    <th scope="row" className="pr-4 text-left font-normal text-zinc-700 dark:text-zinc-300">
                      {SCORE_EXPLANATIONS[f].label}
                    </th>
                    <td className="pr-4 text-right">
                      <ScoreValue score={c.value} />
                    </td>
                    <td className={`text-xs ${CHANGE_TONE[c.change]}`}>
                      {CHANGE_TEXT[c.change]}
                      {c.change === 'better' || c.change === 'worse' ? ` (was ${c.previous})` : ''}
                      {f === 'js_integrity_score' &&
                      c.change === 'worse' &&
                      c.value !== null &&
                      c.value < MALICIOUS_JS_INTEGRITY_THRESHOLD &&
                      (c.previous ?? 99) >= MALICIOUS_JS_INTEGRITY_THRESHOLD
                        ? ' — became malicious'
                        : ''}
                    </td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </li>
      ))}
    </ol>
  )
}
