import { getRouteApi } from '@tanstack/react-router'
import { HistoryButton } from '@/components/audit/history-button'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { useCreateCustomFieldsRuleset } from '../api/create-custom-fields-ruleset'
import { useCustomFieldsRuleset } from '../api/get-custom-fields-ruleset'
import { ConsistencyPanel } from './consistency-panel'
import { CustomFieldsEditor } from './custom-fields-editor'

const route = getRouteApi('/zones/$zoneId/logs/')

/** Finds the zone's custom-fields entry-point ruleset, or offers to create it; then the editor. */
export function CustomFieldsPage() {
  const { zoneId } = route.useParams()
  const query = useCustomFieldsRuleset(zoneId)
  const create = useCreateCustomFieldsRuleset(zoneId)
  const toast = useToast()
  if (query.isPending) return <LoadingBlock label="Looking for the custom-fields ruleset…" />
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} title="The custom-fields ruleset could not be read" />
  if (query.data === null) {
    return (
      <EmptyState
        title="This zone does not log custom fields yet"
        description="The list of headers and cookies to log is kept in a ruleset of its own (technical name: the http_log_custom_fields entry point), and this zone has none yet. Creating it changes nothing in the logs: it starts empty, and you then choose what to add."
        action={
          <Button
            variant="primary"
            pending={create.isPending}
            onClick={() =>
              create.mutate(undefined, {
                onSuccess: () => toast.success('Custom-fields ruleset created', 'Now add the headers and cookies to log.'),
                onError: (e) => toast.error('Ruleset not created', e),
              })
            }
          >
            Create the custom-fields ruleset
          </Button>
        }
      />
    )
  }
  const ruleset = query.data
  return (
    <div className="space-y-6">
      <div className="flex justify-end">
        <HistoryButton variant="secondary" target={{ zoneId, type: 'ruleset', id: ruleset.id, label: 'the custom-fields ruleset' }} />
      </div>
      <CustomFieldsEditor key={`${ruleset.id}:${ruleset.version}`} zoneId={zoneId} ruleset={ruleset} />
      <ConsistencyPanel zoneId={zoneId} rules={ruleset.rules ?? []} />
    </div>
  )
}
