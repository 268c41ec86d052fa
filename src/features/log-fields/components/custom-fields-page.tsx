import { lazy, Suspense, useEffect } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { HistoryButton } from '@/components/audit/history-button'
import { Button } from '@/components/ui/button'
import { EmptyState } from '@/components/ui/empty-state'
import { ErrorView } from '@/components/ui/error-view'
import { LoadingBlock } from '@/components/ui/spinner'
import { useToast } from '@/components/ui/toast'
import { useCreateCustomFieldsRuleset } from '../api/create-custom-fields-ruleset'
import { useCustomFieldsRuleset } from '../api/get-custom-fields-ruleset'
import { useCanWrite } from '@/lib/access'

const route = getRouteApi('/zones/$zoneId/logs/')
// The editor brings the ruleset schemas (zod) and the panel sits below it: both load on demand, started
// with the ruleset request so they arrive together (first-load budget, src/components/README.md).
const loadEditor = () => import('./custom-fields-editor')
const CustomFieldsEditor = lazy(() => loadEditor().then((m) => ({ default: m.CustomFieldsEditor })))
const ConsistencyPanel = lazy(() => import('./consistency-panel').then((m) => ({ default: m.ConsistencyPanel })))

/** Finds the zone's custom-fields entry-point ruleset, or offers to create it; then the editor. */
export function CustomFieldsPage() {
  const { zoneId } = route.useParams()
  const query = useCustomFieldsRuleset(zoneId)
  const create = useCreateCustomFieldsRuleset(zoneId)
  const can = useCanWrite('log-fields')
  const toast = useToast()
  useEffect(() => {
    void loadEditor().catch(() => undefined) // a failed load shows when the editor renders
  }, [])
  if (query.isPending) return <LoadingBlock label="Looking for the custom-fields ruleset…" />
  if (query.isError) return <ErrorView error={query.error} onRetry={() => void query.refetch()} title="The custom-fields ruleset could not be read" />
  if (query.data === null) {
    return (
      <EmptyState
        title="This zone does not log custom fields yet"
        description={
          <>
            The headers and cookies to log are kept in a list of their own, and this zone has none yet. Creating the list changes
            nothing in the logs: it starts empty, and you then choose what to add.
            <span className="mt-1 block text-xs text-zinc-500 dark:text-zinc-400">Technical name: the http_log_custom_fields entry-point ruleset.</span>
          </>
        }
        action={
          can.allowed && (
            <Button
              variant="primary"
              pending={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: () => toast.success('List of custom fields created', 'Now add the headers and cookies to log.'),
                  onError: (e) => toast.error('Ruleset not created', e),
                })
              }
            >
              Create the list of custom fields
            </Button>
          )
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
      <Suspense fallback={<LoadingBlock label="Opening the editor…" />}>
        <CustomFieldsEditor key={`${ruleset.id}:${ruleset.version}`} zoneId={zoneId} ruleset={ruleset} />
      </Suspense>
      <Suspense fallback={<LoadingBlock label="Checking the log jobs…" />}>
        <ConsistencyPanel zoneId={zoneId} rules={ruleset.rules ?? []} />
      </Suspense>
    </div>
  )
}
