import { commaItems } from '../../../shared/lists/query'
import { connectionsQuery } from '../../../shared/lists/page-shield'
import { ok } from '../http'
import { requireZone } from '../lookup'
import type { EmulatorContext } from '../module'
import type { TableRouter } from '../table-routes'
import { readQuery } from '../list-engine'
import { addPageUrlFilter, answerList, jsonList } from './list'
import {
  findInZone,
  resourceCsvColumns,
  resourceWhere,
  sightingFields,
  threatCategories,
  threatFields,
  type ResourceRow,
} from './resource'

const connectionItem = (r: ResourceRow) => ({
  ...sightingFields(r),
  page_urls: jsonList(r.page_urls),
  ...threatFields(r),
  ...threatCategories(r),
})

const CSV_COLUMNS = resourceCsvColumns()

/** Connections have no code to score: malicious means a threat feed reports the URL or the domain. */
const CONNECTION_MALICIOUS_FIRST = ['(k.url_reported_malicious OR k.domain_reported_malicious) DESC']

export function connectionHandlers(table: TableRouter, { db }: EmulatorContext): void {
  table.get('/zones/:zone_id/page_shield/connections', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const q = readQuery(c, connectionsQuery)
    const where = resourceWhere('k', zone.id, q)
    addPageUrlFilter(where, 'k', commaItems(q.page_url))
    return answerList<ResourceRow, ReturnType<typeof connectionItem>>(c, {
      db,
      table: 'page_shield_connections',
      alias: 'k',
      where,
      defaultOrder: 'last_seen_at',
      priority: q.prioritize_malicious ? CONNECTION_MALICIOUS_FIRST : undefined,
      query: q,
      toItem: connectionItem,
      csv: { file: `page-shield-connections-${zone.name}.csv`, columns: CSV_COLUMNS, toRecord: connectionItem },
    })
  })

  table.get('/zones/:zone_id/page_shield/connections/:connection_id', (c) => {
    const zone = requireZone(db, c.req.param('zone_id'))
    const row = findInZone<ResourceRow>(db, 'page_shield_connections', zone.id, c.req.param('connection_id'), 'Connection')
    return ok(c, connectionItem(row))
  })
}
