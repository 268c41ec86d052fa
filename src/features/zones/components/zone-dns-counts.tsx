import { Link } from '@tanstack/react-router'
import { ErrorView } from '@/components/ui/error-view'
import { Card } from '@/components/ui/page-header'
import { Spinner } from '@/components/ui/spinner'
import { formatNumber, plural } from '@/lib/format'
import { useDnsRecordCounts } from '../api/get-dns-record-counts'

/** How many DNS records the zone has, by type, with a link to the records. */
export function ZoneDnsCounts({ zoneId }: { zoneId: string }) {
  const counts = useDnsRecordCounts(zoneId)
  return (
    <Card
      title="DNS records"
      description="Where this domain's names point: web servers, mail, verification text."
      actions={
        <Link to="/zones/$zoneId/dns" params={{ zoneId }} className="text-sm font-medium whitespace-nowrap text-blue-700 hover:underline dark:text-blue-300">
          Open DNS
        </Link>
      }
    >
      {counts.isPending ? (
        <Spinner label="Counting records…" />
      ) : counts.isError ? (
        <ErrorView error={counts.error} onRetry={() => void counts.refetch()} title="Record counts could not be loaded" />
      ) : (
        <>
          <p className="text-3xl font-semibold tabular-nums" aria-label={plural(counts.data.total, 'record')}>
            {formatNumber(counts.data.total)}
            <span className="ml-1.5 text-sm font-normal text-zinc-600 dark:text-zinc-400">{counts.data.total === 1 ? 'record' : 'records'}</span>
          </p>
          {counts.data.byType.length > 0 ? (
            <table className="mt-3 w-full text-sm" aria-label="DNS records by type">
              <thead className="sr-only">
                <tr>
                  <th scope="col">Type</th>
                  <th scope="col">Records</th>
                </tr>
              </thead>
              <tbody>
                {counts.data.byType.map((t) => (
                  <tr key={t.type} className="border-t border-zinc-100 dark:border-zinc-800">
                    <th scope="row" className="py-1.5 text-left font-mono font-medium">
                      {t.type}
                    </th>
                    <td className="py-1.5 text-right tabular-nums">{formatNumber(t.count)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : (
            <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">No records yet: the domain does not point anywhere.</p>
          )}
        </>
      )}
    </Card>
  )
}
