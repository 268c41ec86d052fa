import { getRouteApi } from '@tanstack/react-router'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { requiredCustomFieldOutputs } from '@/shared/log-fields/consistency'
import { useDatasetFields } from '../api/get-dataset-fields'
import { useCustomFieldsRuleset } from '../api/get-custom-fields-ruleset'
import { carriedFields } from '../lib/carried-fields'
import { CreateJobForm } from './create-job-form'

const route = getRouteApi('/zones/$zoneId/logs/jobs/new')
const zoneApi = getRouteApi('/zones/$zoneId')

/** Loads what the form needs (the dataset's fields, the configured custom fields), then the form. */
export function CreateLogJobPage() {
  const { zoneId } = route.useParams()
  const { zoneName } = zoneApi.useLoaderData()
  const fields = useDatasetFields(zoneId, 'http_requests')
  const ruleset = useCustomFieldsRuleset(zoneId)
  if (fields.isPending || ruleset.isPending) return <LoadingBlock />
  if (fields.isError) return <ErrorView error={fields.error} onRetry={() => void fields.refetch()} title="The dataset’s fields could not be loaded" />
  if (ruleset.isError) return <ErrorView error={ruleset.error} onRetry={() => void ruleset.refetch()} title="The custom fields could not be read" />
  const rules = ruleset.data?.rules ?? []
  return <CreateJobForm zoneId={zoneId} zoneName={zoneName} fields={fields.data} required={requiredCustomFieldOutputs(rules)} carried={carriedFields(rules)} />
}
