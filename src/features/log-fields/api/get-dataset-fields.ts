import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { datasetFieldsSchema } from '@/shared/schemas/logpush'

/** The fields of a dataset, name → description, as the API lists them. */
export const getDatasetFields = (zoneId: string, dataset: string, signal?: AbortSignal) =>
  api.get(`/zones/${zoneId}/logpush/datasets/${dataset}/fields`, { schema: datasetFieldsSchema, signal })

export const datasetFieldsQueryOptions = (zoneId: string, dataset: string) =>
  queryOptions({
    queryKey: ['logpush-fields', zoneId, dataset],
    queryFn: ({ signal }) => getDatasetFields(zoneId, dataset, signal),
    staleTime: 60 * 60_000,
  })

export const useDatasetFields = (zoneId: string, dataset: string) => useQuery(datasetFieldsQueryOptions(zoneId, dataset))
