import { ErrorView } from '@/components/ui/error-view'
import { Card, PageHeader } from '@/components/ui/page-header'
import { LoadingBlock } from '@/components/ui/spinner'
import { useCan } from '@/lib/access'
import { formatNumber } from '@/lib/format'
import { useBudget, type BudgetPanelData, type CallSeries } from '../api/get-budget'

const MINUTE = 60_000

/** Calls in the last `minutes` minutes of a series. */
const lastMinutes = (s: CallSeries, now: number, minutes: number) =>
  s.perMinute.filter((p) => p.minute > now - minutes * MINUTE).reduce((a, p) => a + p.calls, 0)

function SeriesTable({ label, series, now }: { label: string; series: CallSeries[]; now: number }) {
  if (!series.length) return <p className="text-sm text-zinc-600 dark:text-zinc-400">No calls to the API in the last hour.</p>
  return (
    <table className="w-full text-left text-sm" aria-label={label}>
      <thead>
        <tr className="border-b border-zinc-200 dark:border-zinc-800">
          <th className="py-2 pr-3">{label}</th>
          <th className="py-2 pr-3 text-right">Last hour</th>
          <th className="py-2 pr-3 text-right">Last 5 minutes</th>
          <th className="py-2 pr-3 text-right">Busiest minute</th>
        </tr>
      </thead>
      <tbody>
        {series.map((s) => (
          <tr key={s.name} className="border-b border-zinc-100 dark:border-zinc-800">
            <td className="py-2 pr-3">{s.name}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(s.total)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(lastMinutes(s, now, 5))}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(Math.max(0, ...s.perMinute.map((p) => p.calls)))}/min</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Each credential's own budget: the service counts every credential's requests apart. */
function CredentialsTable({ credentials }: { credentials: NonNullable<BudgetPanelData['credentials']> }) {
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm" aria-label="Budget per credential">
        <thead>
          <tr className="border-b border-zinc-200 dark:border-zinc-800">
            <th className="py-2 pr-3">Credential</th>
            <th className="py-2 pr-3 text-right">Left in this window</th>
            <th className="py-2 pr-3 text-right">Resets in</th>
            <th className="py-2 pr-3 text-right">Refused by the service</th>
          </tr>
        </thead>
        <tbody>
          {credentials.map((c) => (
            <tr key={c.id} className="border-b border-zinc-100 dark:border-zinc-800">
              <td className="py-2 pr-3 break-words">{c.name}</td>
              {c.budget ? (
                <>
                  <td className="py-2 pr-3 text-right tabular-nums">
                    {formatNumber(c.budget.remaining)} of {formatNumber(c.budget.quota)}
                  </td>
                  <td className="py-2 pr-3 text-right tabular-nums">{c.budget.resetInSeconds} s</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{c.budget.blockedForSeconds ? `for ${c.budget.blockedForSeconds} s more` : 'No'}</td>
                </>
              ) : (
                <td className="py-2 pr-3 text-right" colSpan={3}>
                  No call through it yet on this deployment
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

const windowWords = (s: number) => (s % 60 === 0 ? `${s / 60} minute${s === 60 ? '' : 's'}` : `${s} seconds`)

/** Who spent how much of the current window, against the most one person may spend. */
function SharesTable({ shares, quota, reservedForAdmins }: { shares: NonNullable<BudgetPanelData['shares']>; quota?: number; reservedForAdmins?: number }) {
  return (
    <>
      <p className="mb-3 text-sm">
        One person may make at most {formatNumber(shares.limit)}
        {quota ? ` of the ${formatNumber(quota)}` : ''} requests in any {windowWords(shares.windowSeconds)} ({shares.percent} %), then waits until their
        oldest calls leave the window{reservedForAdmins ? `; the last ${formatNumber(reservedForAdmins)} requests of the window are kept for administrators' page reads` : ''}.
      </p>
      {shares.people.length ? (
        <table className="w-full text-left text-sm" aria-label="Share of the window">
          <thead>
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th className="py-2 pr-3">Person</th>
              <th className="py-2 pr-3 text-right">Calls in this window</th>
              <th className="py-2 pr-3 text-right">Of the limit per person</th>
            </tr>
          </thead>
          <tbody>
            {shares.people.map((p) => (
              <tr key={p.name} className="border-b border-zinc-100 dark:border-zinc-800">
                <td className="py-2 pr-3">{p.name}</td>
                <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(p.calls)}</td>
                <td className="py-2 pr-3 text-right tabular-nums">
                  {formatNumber(p.calls)} of {formatNumber(shares.limit)}
                  {p.calls >= shares.limit ? ' (waiting)' : ''}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p className="text-sm text-zinc-600 dark:text-zinc-400">Nobody has called the API in this window.</p>
      )}
    </>
  )
}

/** Administrators: the API's rate budget (shared by every instance), calls per minute by area and person, and what is kept. */
export function BudgetPage() {
  const can = useCan('admin', undefined, 'dashboard')
  const q = useBudget()
  const d = q.data
  return (
    <>
      <PageHeader
        title="API budget"
        description="The API allows 1,200 requests per 5 minutes per credential, counted together for everyone using this dashboard through it (and any other client of the same credential); past it, every call is refused for the rest of the window. This page shows what is left, where the calls go, and what the dashboard shares instead of asking again."
      />
      {!can.allowed && <p className="text-sm">{can.reason}</p>}
      {can.allowed && q.isPending && <LoadingBlock />}
      {q.isError && <ErrorView error={q.error} onRetry={() => void q.refetch()} />}
      {d && !d.live && <p className="text-sm">The dashboard runs its sandbox: there is no API budget to watch. It applies in live mode.</p>}
      {d?.live && (
        <div className="space-y-4">
          <Card title="Remaining budget">
            {d.credentials && d.credentials.length > 1 && (
              <p className="mb-3 text-sm">The service counts each credential's requests on its own. The environment's credential (what requests naming no account use):</p>
            )}
            {d.budget ? (
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-zinc-600 dark:text-zinc-400">Left in this window</dt>
                  <dd className="text-2xl font-semibold tabular-nums" aria-label="Requests left">
                    {formatNumber(d.budget.remaining)} of {formatNumber(d.budget.quota)}
                  </dd>
                </div>
                <div>
                  <dt className="text-zinc-600 dark:text-zinc-400">Window resets in</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{d.budget.resetInSeconds} s</dd>
                </div>
                <div>
                  <dt className="text-zinc-600 dark:text-zinc-400">Kept for people's page reads</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{formatNumber(d.budget.reservedForPages)}</dd>
                </div>
                <div>
                  <dt className="text-zinc-600 dark:text-zinc-400">Refused by the service</dt>
                  <dd className="text-2xl font-semibold tabular-nums">{d.budget.blockedForSeconds ? `for ${d.budget.blockedForSeconds} s more` : 'No'}</dd>
                </div>
              </dl>
            ) : (
              <p className="text-sm">No answer from the API yet: the figure appears with the first call.</p>
            )}
            {d.credentials && d.credentials.length > 1 && <CredentialsTable credentials={d.credentials} />}
            {d.refused && (d.refused.interactive > 0 || d.refused.long > 0) && (
              <p className="mt-3 text-sm">
                On this instance, {formatNumber(d.refused.long)} long-work request(s) waited for the budget and {formatNumber(d.refused.interactive)} page read(s)
                were told to try again.
              </p>
            )}
          </Card>
          {d.shares && (
            <Card title="Each person's share of this window">
              <SharesTable shares={d.shares} quota={d.budget?.quota} reservedForAdmins={d.budget?.reservedForAdmins} />
            </Card>
          )}
          <Card title="Calls by area, last hour">
            <SeriesTable label="Area" series={d.byArea ?? []} now={d.now ?? 0} />
          </Card>
          <Card title="Calls by person, last hour">
            <SeriesTable label="Person" series={d.byPerson ?? []} now={d.now ?? 0} />
          </Card>
          {d.cache && (
            <Card
              title="Shared reads on this instance"
              description={`Reads asked by several people at once are sent once; zone lists and zone lookups are kept ${Math.round(d.cache.ttlMs / 1000)} s for everyone.`}
            >
              <p className="mb-3 text-sm">
                {formatNumber(d.cache.sent)} sent, {formatNumber(d.cache.hits)} answered from what was kept, {formatNumber(d.cache.coalesced)} joined a read on its way.
              </p>
              {d.cache.entries.length ? (
                <table className="w-full text-left text-sm" aria-label="Kept answers">
                  <thead>
                    <tr className="border-b border-zinc-200 dark:border-zinc-800">
                      <th className="py-2 pr-3">Read</th>
                      <th className="py-2 pr-3 text-right">Age</th>
                      <th className="py-2 pr-3 text-right">Used</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.cache.entries.map((e) => (
                      <tr key={e.path} className="border-b border-zinc-100 dark:border-zinc-800">
                        <td className="break-all py-2 pr-3 font-mono text-xs">{e.path}</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{Math.round(e.ageMs / 1000)} s</td>
                        <td className="py-2 pr-3 text-right tabular-nums">{formatNumber(e.hits)}×</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">Nothing kept right now.</p>
              )}
            </Card>
          )}
        </div>
      )}
    </>
  )
}
