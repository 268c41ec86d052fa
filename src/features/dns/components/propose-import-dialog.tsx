import { useId, useRef, useState, type FormEvent } from 'react'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { localCall, type ApiErrorItem } from '@/lib/api-client'
import { fieldErrorsFromApiError } from '@/lib/field-errors'
import { changeDraft } from '@/lib/change-requests'
import { plural } from '@/lib/format'
import { MAX_CHANGE_ITEMS, type ZoneFileProposal } from '@/shared/schemas/change-requests'
import { ZoneFileFields } from './zone-file-fields'

/**
 * The zone-file import on a zone whose changes need approval: the server reads the file
 * with the import's own reader and checks each record like a new one; every valid record becomes one
 * "Add" change in the request being gathered (one change per record, so the reviewer's diff, the
 * impact notes and any refusal of the batch name the record). Nothing reaches the zone until the
 * request is approved; the refused lines are listed with the reason.
 */
export function ProposeImportDialog({ zoneId, zoneName, onClose }: { zoneId: string; zoneName: string; onClose: () => void }) {
  const toast = useToast()
  const fileId = useId()
  const proxiedId = useId()
  const formId = useId()
  const fileInput = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const [proxied, setProxied] = useState(false)
  const [errors, setErrors] = useState<ApiErrorItem[]>([])
  const [fileError, setFileError] = useState<string | null>(null)
  const [pending, setPending] = useState(false)
  const [result, setResult] = useState<ZoneFileProposal | null>(null)

  const submit = async (e: FormEvent) => {
    e.preventDefault()
    setErrors([])
    if (!file) {
      setFileError('Choose a zone file to propose.')
      fileInput.current?.focus()
      return
    }
    setPending(true)
    try {
      const source = await file.text()
      const r = await localCall('POST', '/api/local/change-requests/zones/:zone_id/zone-file', { path: { zone_id: zoneId }, body: { source, proxied } })
      // A file with nothing to add leaves the draft as it is (even one for another zone).
      const done = r.items.length ? changeDraft.addMany(zoneId, zoneName, r.items.map((it) => ({ action: 'create', body: it.body, label: `${it.label} (line ${it.line})` }))) : { added: true as const }
      if (!done.added) {
        setErrors([{ code: 0, message: `A change request holds at most ${MAX_CHANGE_ITEMS} changes; with this file yours would hold ${done.size}. Send the request first, or split the file.` }])
        return
      }
      setResult(r)
      if (r.items.length) toast.success('Added to your change request', `${plural(r.items.length, 'record')} from ${file.name}: send the request when it holds every change.`)
    } catch (err) {
      const { fields, rest } = fieldErrorsFromApiError(err)
      setErrors([...rest, ...Object.values(fields).map((message) => ({ code: 0, message }))])
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      dismissible={!pending}
      title={`Propose records from a zone file for ${zoneName}`}
      description="Changes to this zone need approval. Upload a zone file in BIND format: each record is checked like a new one and added to your change request; nothing is imported until someone else approves the request."
      footer={
        result ? (
          <Button variant="primary" onClick={onClose}>
            Close
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={pending}>
              Cancel
            </Button>
            <Button variant="primary" type="submit" form={formId} pending={pending}>
              Propose these records
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div role="status" className="space-y-3 text-sm">
          <p className="text-base font-medium">
            {result.items.length
              ? `${plural(result.items.length, 'record')} added to your change request${result.refused.length ? `; ${plural(result.refused.length, 'line')} refused` : ''}.`
              : 'No record could be proposed from this file.'}
          </p>
          {result.refused.length > 0 && (
            <ul aria-label="Refused lines and why" className="max-h-64 divide-y divide-zinc-100 overflow-y-auto rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-700">
              {result.refused.map((r) => (
                <li key={`${r.line}-${r.text}`} className="px-3 py-2">
                  <div className="font-mono text-xs wrap-anywhere">Line {r.line}: {r.text}</div>
                  <div className="text-red-800 dark:text-red-300">{r.message}</div>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : (
        <form id={formId} onSubmit={(e) => void submit(e)} className="space-y-4" noValidate>
          <FormErrorSummary errors={errors} title="Nothing was proposed" />
          <ZoneFileFields
            fileId={fileId}
            fileInput={fileInput}
            fileError={fileError}
            onFile={(f) => {
              setFile(f)
              setFileError(null)
            }}
            proxiedId={proxiedId}
            proxied={proxied}
            onProxied={setProxied}
          />
        </form>
      )}
    </Dialog>
  )
}
