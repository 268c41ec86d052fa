import { queryOptions, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import { api, apiPath } from '@/lib/api-client'
import type { datasetFieldsSchema } from '@/shared/schemas/logpush'
import { keys } from '@/lib/query-keys'

/*
 * Typed by the shared schema but not parsed with it in the browser (as DNS records and zones):
 * parsing would put zod (~25 KB gzip) in the log pages' first load, and the dashboard's own
 * server is the one answering. The schema has no defaults or transforms to miss.
 */

/** The fields of a dataset, name → description, as the API lists them. */
export const getDatasetFields = (zoneId: string, dataset: string, signal?: AbortSignal) =>
  api.get<z.infer<typeof datasetFieldsSchema>>(
    apiPath('/zones/:zone_id/logpush/datasets/:dataset_id/fields', { zone_id: zoneId, dataset_id: dataset }),
    { signal },
  )

export const datasetFieldsQueryOptions = (zoneId: string, dataset: string) =>
  queryOptions({
    queryKey: keys.logpushFields(zoneId, dataset),
    queryFn: ({ signal }) => getDatasetFields(zoneId, dataset, signal),
    staleTime: 60 * 60_000,
  })

export const useDatasetFields = (zoneId: string, dataset: string) => useQuery(datasetFieldsQueryOptions(zoneId, dataset))
