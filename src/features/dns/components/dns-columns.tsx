import { createDataTableColumnHelper, type FilterSpec } from '@/components/data-table/features'
import { listFilter } from '@/components/data-table/list-filter'
import { selectColumn } from '@/components/data-table/select-column'
import { Badge } from '@/components/ui/badge'
import { DNS_RECORD_TYPE_LABELS, formatTtl } from '@/shared/dns/record-types'
import type { DnsRecord } from '@/shared/schemas/dns-record'
import { dnsPage } from '../api/dns-search'
import { ContentCell, NameCell, ProxiedCell, ProxyHeader, recordLabel, RowActions } from './dns-cells'

const col = createDataTableColumnHelper<DnsRecord>()

/** The tag filter belongs to no single column (tags share the comment column). */
export const dnsExtraFilters: FilterSpec[] = [listFilter(dnsPage, 'tag', { label: 'Tag', placeholder: 'env or env:production' })]

/**
 * The DNS table is laid out with fixed column widths: every column but name and content has its
 * width in its meta, those two share the rest, and below 66rem the table scrolls sideways. With an
 * automatic layout, every cell of up to 100 rows (and their explanations) was measured again each
 * time rows were painted: the long tasks of paging the 10,000-record zone.
 */
export const DNS_TABLE_CLASS = 'table-fixed min-w-[66rem]'

/** Columns of the DNS table, built once; ids of sortable columns are the API's `order` values. */
export const dnsColumns = col.columns([
  selectColumn<DnsRecord>(recordLabel),
  col.accessor('type', {
    id: 'type',
    header: 'Type',
    meta: {
      className: 'w-[6.5rem]',
      card: 'title',
      filter: listFilter(dnsPage, 'type', { label: 'Type', allLabel: 'All types' }),
    },
    cell: (info) => (
      <span className="font-mono text-[0.8125rem] font-semibold" title={DNS_RECORD_TYPE_LABELS[info.getValue()]}>
        {info.getValue()}
      </span>
    ),
  }),
  col.accessor('name', {
    id: 'name',
    header: 'Name',
    meta: { card: 'title', filter: listFilter(dnsPage, 'name.contains', { label: 'Name contains', placeholder: 'e.g. www' }) },
    cell: (info) => <NameCell record={info.row.original} />,
  }),
  col.accessor('content', {
    id: 'content',
    header: 'Content',
    meta: { filter: listFilter(dnsPage, 'content.contains', { label: 'Content contains', placeholder: 'e.g. 192.0.2' }) },
    cell: (info) => <ContentCell record={info.row.original} />,
  }),
  col.accessor('proxied', {
    id: 'proxied',
    // What the switch does (saved at once, the toast offering Undo; or added to a change request): said where the switch is.
    header: () => <ProxyHeader />,
    meta: { className: 'w-[8.75rem]', label: 'Proxy status', filter: listFilter(dnsPage, 'proxied', { label: 'Proxy status', trueLabel: 'Proxied', falseLabel: 'DNS only', allLabel: 'Any' }) },
    cell: (info) => <ProxiedCell record={info.row.original} />,
  }),
  col.accessor('ttl', {
    id: 'ttl',
    header: 'TTL',
    meta: { className: 'w-[4.75rem] whitespace-nowrap' },
    cell: (info) => formatTtl(info.getValue()),
  }),
  // The value is what the cell shows (comment and tags): a card leaves the field out when both are empty.
  col.accessor((r) => [r.comment ?? '', ...r.tags].join(' ').trim(), {
    id: 'comment',
    header: 'Comment & tags',
    enableSorting: false,
    meta: { className: 'w-32', card: 'optional', filter: listFilter(dnsPage, 'comment.contains', { label: 'Comment contains', placeholder: 'e.g. VPN' }) },
    cell: (info) => {
      const r = info.row.original
      return (
        <div className="max-w-48 min-w-24 text-zinc-700 dark:text-zinc-300">
          {r.comment && (
            <p className="line-clamp-3 [overflow-wrap:anywhere]" title={r.comment}>
              {r.comment}
            </p>
          )}
          {r.tags.length > 0 && (
            <div className="mt-1 flex flex-wrap gap-1">
              {r.tags.map((t) => (
                <Badge key={t}>
                  {/* name:value may wrap after the colon, never inside a word */}
                  {t.split(':')[0]}
                  {t.includes(':') && (
                    <>
                      :<wbr />
                      {t.slice(t.indexOf(':') + 1)}
                    </>
                  )}
                </Badge>
              ))}
            </div>
          )}
        </div>
      )
    },
  }),
  col.display({
    id: 'actions',
    header: () => <span className="sr-only">Actions</span>,
    enableSorting: false,
    meta: { label: 'Actions', align: 'end', className: 'w-[13.5rem]', card: 'actions' },
    cell: (info) => <RowActions record={info.row.original} />,
  }),
])
