import { Link } from '@tanstack/react-router'
import { Card } from '@/components/ui/page-header'
import { TruncatedText } from '@/components/ui/truncated-text'
import { formatDateTime } from '@/lib/format'
import { useConnectionReviews } from '../api/connection-reviews'
import { VerdictBadge } from './markers'
import { shorten } from './resource-columns'

/** The latest verdict on each reviewed connection; the ledger CSV holds their whole history. */
export function ConnectionLedgerTable({ zoneId }: { zoneId: string }) {
  const q = useConnectionReviews(zoneId)
  const list = q.data?.list ?? []
  return (
    <Card title="Connections" description="The latest verdict on each reviewed connection. Their full history is in the same CSV, marked kind=connection.">
      {q.isPending ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">Loading the connections' verdicts…</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-zinc-600 dark:text-zinc-300">No connection has a verdict yet: open one from the connections list to record it.</p>
      ) : (
        <div className="overflow-x-auto">
          <table aria-label="Latest review of each connection" className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-zinc-200 dark:border-zinc-700">
                <th className="py-2 pr-3 font-medium">Connection</th>
                <th className="py-2 pr-3 font-medium">Verdict</th>
                <th className="py-2 pr-3 font-medium">Note</th>
                <th className="py-2 pr-3 font-medium">Reviewer</th>
                <th className="py-2 font-medium">When</th>
              </tr>
            </thead>
            <tbody>
              {list.map((r) => (
                <tr key={r.id} className="border-b border-zinc-100 align-top dark:border-zinc-800">
                  <td className="min-w-[14rem] py-2 pr-3">
                    <Link
                      to="/zones/$zoneId/page-shield/connections/$connectionId"
                      params={{ zoneId, connectionId: r.connection_id }}
                      title={r.connection.url}
                      className="font-mono text-[0.8125rem] [overflow-wrap:anywhere] text-blue-700 hover:underline dark:text-blue-300"
                    >
                      {shorten(r.connection.url)}
                    </Link>
                  </td>
                  <td className="py-2 pr-3">
                    <VerdictBadge verdict={r.verdict} />
                  </td>
                  <td className="py-2 pr-3">
                    <TruncatedText value={r.note} max={80} />
                  </td>
                  <td className="py-2 pr-3 break-words">{r.reviewer}</td>
                  <td className="py-2">{formatDateTime(r.reviewed_at)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  )
}
