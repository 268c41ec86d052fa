import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ErrorView } from '@/components/ui/error-view'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatNumber, plural } from '@/lib/format'
import { useDraftCheck, type DraftCheck } from '../api/checks'

/**
 * Before saving: which active scripts and connections the draft would block (or, with Log, report),
 * and on which of its pages.
 */
export function DraftCheckPanel({
  zoneId,
  getDraft,
}: {
  zoneId: string
  getDraft: () => { value: string; expression: string; action: string }
}) {
  const qc = useQueryClient()
  const check = useDraftCheck(qc, zoneId)
  const r = check.data
  const verb = check.variables?.action === 'allow' ? 'block' : 'report (Log blocks nothing)'
  return (
    <section aria-labelledby="draft-check-title" className="rounded-lg border border-zinc-200 p-4 dark:border-zinc-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id="draft-check-title" className="text-base font-semibold text-zinc-900 dark:text-zinc-50">
            Draft check
          </h2>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            Which active scripts and connections this draft would not allow, and on which pages. Nothing is saved.
          </p>
        </div>
        <Button variant="secondary" pending={check.isPending} onClick={() => check.mutate(getDraft())}>
          {r ? 'Check again' : 'Check this draft'}
        </Button>
      </div>
      {check.error != null && (
        <ErrorView error={check.error} onRetry={() => check.mutate(getDraft())} title="The check could not run" />
      )}
      {r && (
        <div role="status" className="mt-3 space-y-3">
          <p className="text-sm font-medium text-zinc-900 dark:text-zinc-100">{summary(r, verb)}</p>
          <dl aria-label="What the draft governs" className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
            {(['script', 'connection'] as const).map((kind) => (
              <div key={kind} className="contents">
                <dt className="font-medium text-zinc-700 dark:text-zinc-300">{kind === 'script' ? 'Scripts' : 'Connections'}</dt>
                <dd
                  className={
                    r.coverage[kind].governed ? 'text-zinc-700 dark:text-zinc-300' : 'text-amber-800 dark:text-amber-200'
                  }
                >
                  {r.coverage[kind].text}
                </dd>
              </div>
            ))}
          </dl>
          {[r.expressionNote, ...r.cspProblems, ...r.limits].filter(Boolean).map((t) => (
            <p key={t} className="text-sm text-amber-800 dark:text-amber-200">
              {t}
            </p>
          ))}
          {r.allowedMalicious.length > 0 && (
            <div
              role="alert"
              className="rounded-md border border-red-200 bg-red-50 p-3 text-sm dark:border-red-900 dark:bg-red-950/50"
            >
              <p className="font-semibold text-red-900 dark:text-red-100">
                Still allowed although malicious or reported: {plural(r.allowedMalicious.length, 'item')}
              </p>
              <ul className="mt-1 space-y-1">
                {r.allowedMalicious.map((m) => (
                  <li key={`${m.kind}-${m.id}`} className="break-all text-zinc-800 dark:text-zinc-200">
                    <span className="font-mono">{m.url}</span> on {plural(m.pages.length, 'page')} ({m.reason})
                  </li>
                ))}
              </ul>
            </div>
          )}
          {r.blocked.length > 0 && (
            <ul aria-label="Would not be allowed" className="divide-y divide-zinc-100 dark:divide-zinc-800">
              {r.blocked.map((b) => (
                <li key={`${b.kind}-${b.id}`} className="py-2">
                  <div className="flex flex-wrap items-center gap-2">
                    <Badge tone="neutral">{b.kind === 'script' ? 'Script' : 'Connection'}</Badge>
                    {b.malicious && <Badge tone="danger">Malicious or reported: blocking it is intended</Badge>}
                    {b.kind === 'script' ? (
                      <Link
                        to="/zones/$zoneId/page-shield/scripts/$scriptId"
                        params={{ zoneId, scriptId: b.id }}
                        className="font-mono text-sm break-all text-blue-700 hover:underline dark:text-blue-300"
                      >
                        {b.url}
                      </Link>
                    ) : (
                      <span className="font-mono text-sm break-all">{b.url}</span>
                    )}
                    <span className="text-xs text-zinc-500 dark:text-zinc-400">by {b.directive}</span>
                  </div>
                  <p className="mt-1 text-xs text-zinc-600 dark:text-zinc-400">
                    On:{' '}
                    {b.pages.slice(0, 5).map((p, i) => (
                      <span key={p}>
                        {i > 0 && ', '}
                        <TruncatedText value={p} max={60} mono />
                      </span>
                    ))}
                    {b.pages.length > 5 && ` and ${b.pages.length - 5} more`}
                  </p>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </section>
  )
}

/** One sentence: what the draft would block or report per kind, and which kinds it does not govern at all. */
function summary(r: DraftCheck, verb: string): string {
  const parts: string[] = []
  const ungoverned: string[] = []
  for (const kind of ['script', 'connection'] as const) {
    const word = kind === 'script' ? 'script' : 'connection'
    const checked = kind === 'script' ? r.scriptsChecked : r.connectionsChecked
    if (!r.coverage[kind].governed) ungoverned.push(`${word}s (all ${formatNumber(checked)} stay allowed)`)
    else parts.push(plural(r.blocked.filter((b) => b.kind === kind).length, word))
  }
  const pages = new Set(r.blocked.flatMap((b) => b.pages)).size
  const head = parts.length
    ? r.blocked.length === 0
      ? `Nothing governed would be affected on the ${plural(r.pagesCovered.length, 'page')} it covers.`
      : `This draft would ${verb} ${parts.join(' and ')} on ${plural(pages, 'page')}.`
    : 'This draft governs neither scripts nor connections.'
  return ungoverned.length ? `${head} It does not govern ${ungoverned.join(' or ')}.` : head
}
