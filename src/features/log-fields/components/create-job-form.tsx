import { useMemo, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useForm, useWatch } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { SelectField, TextField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { SwitchField } from '@/components/form/switch-field'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import type { CustomFieldOutput } from '@/shared/log-fields/limits'
import type { LogpushJobCreate } from '@/shared/schemas/logpush'
import { useCreateLogJob } from '../api/log-job-mutations'
import { defaultJob } from '../lib/default-job'
import { DESTINATION_SCHEMES, looksLikeOwnershipStorage } from '../lib/destination'
import { lazyJobResolver, useNeedsOwnership } from '../lib/use-job-checks'
import { FieldPicker } from './field-picker'
import { OwnershipStep } from './ownership-step'
import { useCanWrite } from '@/lib/access'

const TIMESTAMP_OPTIONS = [
  { value: 'rfc3339', label: 'RFC 3339 (2026-03-01T12:00:00Z)' },
  { value: 'rfc3339ms', label: 'RFC 3339 with milliseconds' },
  { value: 'rfc3339ns', label: 'RFC 3339 with nanoseconds' },
  { value: 'unix', label: 'Unix seconds (1772366400)' },
  { value: 'unixnano', label: 'Unix nanoseconds' },
]

interface CreateJobFormProps {
  zoneId: string
  zoneName: string
  fields: Record<string, string>
  required: CustomFieldOutput[]
  carried: Record<CustomFieldOutput, string[]>
}

/**
 * A new log job for the dataset http_requests, checked with the same schema the server uses. The
 * schema (and zod) loads with the first destination typed or the first submit, not with the page.
 */
export function CreateJobForm({ zoneId, zoneName, fields, required, carried }: CreateJobFormProps) {
  const defaultValues = useMemo(() => defaultJob(zoneName, required), [zoneName, required])
  const form = useForm<LogpushJobCreate>({ resolver: lazyJobResolver, defaultValues })
  const destination = useWatch({ control: form.control, name: 'destination_conf' }) ?? ''
  const token = useWatch({ control: form.control, name: 'ownership_challenge' }) ?? ''
  const create = useCreateLogJob(zoneId)
  const toast = useToast()
  const navigate = useNavigate()
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const needsOwnership = useNeedsOwnership(destination)
  const can = useCanWrite('log-fields')

  const submit = form.handleSubmit((values) => {
    const job = { ...values, ownership_challenge: needsOwnership && values.ownership_challenge ? values.ownership_challenge : undefined }
    create.mutate(job, {
      onSuccess: (created) => {
        toast.success('Log job created', `${created.name ?? `Job ${created.id}`} sends ${created.output_options?.field_names?.length ?? 0} fields.`)
        void navigate({ to: '/zones/$zoneId/logs/jobs', params: { zoneId } })
      },
      onError: (err) => setServerErrors(applyApiErrors(form, err)),
    })
  })

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Create log job">
      <FormErrorSummary errors={serverErrors} title="The job was not created" />
      {/* Without the role the whole form is disabled; the page's notice says why. */}
      <fieldset disabled={!can.allowed} className="contents">
        <Card title="New log job" description="Dataset http_requests: one log line per HTTP request to this zone.">
          <div className="grid gap-4 lg:grid-cols-2">
            <TextField control={form.control} name="name" label="Name" help="Letters, digits, dots and hyphens only. Not unique: use something you will recognise." />
            <SelectField control={form.control} name="output_options.timestamp_format" label="Timestamp format" options={TIMESTAMP_OPTIONS} help="How times such as EdgeStartTimestamp are written. RFC 3339 is readable and the default here; the API itself defaults to Unix nanoseconds." />
            <TextField
              control={form.control}
              name="destination_conf"
              label="Destination"
              required
              mono
              className="lg:col-span-2"
              placeholder="s3://bucket/logs/{DATE}?region=us-east-1"
              help={`Where the logs go: ${DESTINATION_SCHEMES.map((s) => `${s}://`).join(', ')}. {DATE} in the path becomes the day (YYYYMMDD). Credentials in the address are hidden in the jobs list.`}
            />
            {(needsOwnership || looksLikeOwnershipStorage(destination)) && (
              <div className="lg:col-span-2">
                <OwnershipStep
                  zoneId={zoneId}
                  control={form.control}
                  setValue={form.setValue}
                  destination={destination}
                  ready={needsOwnership}
                  token={token ?? ''}
                />
              </div>
            )}
            <SwitchField control={form.control} name="enabled" label="Start pushing right away" onLabel="Push logs as soon as the job exists" offLabel="Create it paused" />
          </div>
        </Card>
        <Card title="Fields">
          <FieldPicker control={form.control} fields={fields} required={required} carried={carried} />
        </Card>
      </fieldset>
      <div className="flex gap-3">
        <Button type="submit" variant="primary" pending={create.isPending} disabled={!can.allowed} title={can.reason}>
          Create log job
        </Button>
        <Button onClick={() => void navigate({ to: '/zones/$zoneId/logs/jobs', params: { zoneId } })}>Cancel</Button>
      </div>
    </form>
  )
}
