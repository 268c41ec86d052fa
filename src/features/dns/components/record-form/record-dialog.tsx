import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { ApiRequestError, MAYBE_APPLIED_CODE, type ApiErrorItem } from '@/lib/api-client'
import { changeDraft, useProposing } from '@/lib/change-requests'
import type { PlanTier } from '@/shared/dns/plan-limits'
import type { DnsRecordType } from '@/shared/dns/record-types'
import type { DnsRecord, DnsRecordInput, DnsRecordPatch } from '@/shared/schemas/dns-record'
import { useCreateDnsRecord } from '../../api/create-dns-record'
import { useUpdateDnsRecord } from '../../api/update-dns-record'
import { emptyRecordValues, recordFieldPaths, recordToFormValues, switchRecordType, type RecordFormValues } from '../../lib/record-form-values'
import { CommentAndTagsFields, NameField, ProxyAndTtlFields } from './common-fields'
import { ConflictHelp } from './conflict-help'
import { RecordPreview } from './record-preview'
import { useSameNameWarnings } from './same-name-warning'
import { recordResolverFor, type RecordControl } from './record-resolver'
import { TypeField } from './type-field'
import { ValueFields } from './value-fields'

export interface RecordDialogProps {
  zoneId: string
  zoneName: string
  /** The zone's plan tier (comment length, tags); unknown: the server checks it. */
  tier?: PlanTier
  /** The record to edit; absent to add one. */
  record?: DnsRecord
  /** Starting values when adding (e.g. an A record for the zone itself). */
  initial?: Partial<RecordFormValues>
  onClose: () => void
  /** When a new record is refused because of a record already at the name: edit that one instead. */
  onEditRecord?: (record: DnsRecord) => void
}

/**
 * Add or edit one record: a form per record type, checked by the shared schema while typing and
 * by the server on save. Server errors land on their field; the dialog stays open with every value
 * as typed until the save succeeds.
 */
export function RecordDialog({ zoneId, zoneName, tier, record, initial, onClose, onEditRecord }: RecordDialogProps) {
  const formId = useId()
  const toast = useToast()
  const create = useCreateDnsRecord(zoneId)
  const update = useUpdateDnsRecord(zoneId)
  const pending = create.isPending || update.isPending
  // On a zone whose changes need approval, Save adds the change to the request being gathered.
  const proposing = useProposing(zoneId)
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  // Every error of the last refusal (field ones included) and the name it was for: a clash with a
  // record already at that name offers to edit that record.
  const [refusal, setRefusal] = useState<{ name: string; errors: ApiErrorItem[] }>({ name: '', errors: [] })
  const resolver = useMemo(() => recordResolverFor(tier), [tier])
  const form = useForm<RecordFormValues, unknown, DnsRecordInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: record ? recordToFormValues(record, zoneName) : { ...emptyRecordValues(initial?.type), ...initial },
  })
  const control = form.control as unknown as RecordControl
  const type = useWatch({ control, name: 'type' })
  const sameName = useSameNameWarnings(control, zoneId, zoneName, record?.id)

  // The dialog focuses its first control; a person starts with the type (or the name when editing).
  const typeBox = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const t = window.setTimeout(() => {
      const picker = typeBox.current?.querySelector('select')
      if (picker) picker.focus()
      else form.setFocus('name')
    }, 0)
    return () => window.clearTimeout(t)
  }, [form])

  const changeType = (next: DnsRecordType) => {
    setServerErrors([])
    form.reset(switchRecordType(form.getValues(), next), { keepDefaultValues: true })
  }

  const save = form.handleSubmit((input) => {
    setServerErrors([])
    const onError = (err: unknown) => {
      setRefusal({ name: input.name ?? '', errors: err instanceof ApiRequestError ? err.errors : [] })
      setServerErrors(applyApiErrors(form, err, { fields: recordFieldPaths(type) }))
    }
    const done = (saved: DnsRecord, verb: string) => {
      toast.success(`Record ${verb}`, `${saved.type} ${saved.name} → ${saved.content}`)
      onClose()
    }
    if (proposing) {
      const label = `${record ? 'Change' : 'Add'} ${record?.type ?? input.type} ${record?.name ?? input.name}`
      changeDraft.add(zoneId, zoneName, record ? { action: 'update', recordId: record.id, body: input as Record<string, unknown>, label } : { action: 'create', body: input as Record<string, unknown>, label })
      toast.success('Added to your change request', `${label}: send the request when it holds every change.`)
      return onClose()
    }
    if (record) update.mutate({ id: record.id, body: input as DnsRecordPatch }, { onSuccess: (saved) => done(saved, 'saved'), onError })
    else create.mutate(input, { onSuccess: (saved) => done(saved, 'added'), onError })
  })

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      dismissible={!pending}
      confirmDiscard={form.formState.isDirty}
      title={record ? `Edit the ${record.type} record ${record.name}` : 'Add a DNS record'}
      description={
        record
          ? 'Change what you need; every field says what it is for. The type of a saved record cannot change (delete it and add a new one instead).'
          : 'Choose the kind of record, then fill in its fields. Every field says what it is for.'
      }
      footer={
        <>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button variant="primary" type="submit" form={formId} pending={pending}>
            {proposing ? 'Propose change' : record ? 'Save changes' : 'Add record'}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={save} noValidate className="space-y-5">
        <FormErrorSummary
          errors={serverErrors}
          title={serverErrors.some((e) => e.code === MAYBE_APPLIED_CODE) ? 'The record may have been saved' : 'The record was not saved'}
        />
        {record ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">
            Type: <span className="font-mono font-semibold">{record.type}</span>
          </p>
        ) : (
          <div ref={typeBox}>
            <TypeField value={type} onChange={changeType} disabled={pending} />
          </div>
        )}
        <NameField control={control} type={type} zoneName={zoneName} sameNameWarning={sameName.name} />
        {!record && onEditRecord && (
          <ConflictHelp zoneId={zoneId} zoneName={zoneName} name={refusal.name} errors={refusal.errors} onEdit={onEditRecord} />
        )}
        <ValueFields control={control} type={type} zoneName={zoneName} sameNameWarning={sameName.content} />
        <ProxyAndTtlFields control={control} type={type} zoneName={zoneName} zoneId={zoneId} />
        <CommentAndTagsFields control={control} tier={tier} />
        <RecordPreview control={control} zoneName={zoneName} />
      </form>
    </Dialog>
  )
}
