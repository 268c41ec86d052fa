import { useId, useRef, useState, type FormEvent } from 'react'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import type { ApiErrorItem } from '@/lib/api-client'
import { fieldErrorsFromApiError } from '@/lib/field-errors'
import { explainCode } from '@/lib/error-text'
import { formatNumber } from '@/lib/format'
import { waitingText } from '@/lib/rate-limit-wait'
import type { DnsImportResult } from '@/shared/schemas/dns-record'
import { useImportDnsRecords } from '../api/import-dns-records'
import { importHeadline } from '../lib/import-headline'
import { ZoneFileFields } from './zone-file-fields'

function ImportSummary({ result }: { result: DnsImportResult }) {
  const refused = result.refused ?? []
  const added = result.added ?? []
  return (
    <div className="space-y-4 text-sm" role="status">
      <p className="text-base font-medium text-zinc-900 dark:text-zinc-100">{importHeadline(result)}</p>
      {refused.length > 0 && (
        <section aria-labelledby="import-refused">
          <h3 id="import-refused" className="mb-1 font-semibold text-red-800 dark:text-red-300">
            Refused lines and why
          </h3>
          <ul className="max-h-64 divide-y divide-zinc-100 overflow-y-auto rounded-md border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-700">
            {refused.map((r) => (
              <li key={`${r.line}-${r.text}`} className="px-3 py-2">
                <div className="font-mono text-xs wrap-anywhere text-zinc-700 dark:text-zinc-300">
                  Line {r.line}: {r.text}
                </div>
                <div className="mt-0.5 text-red-800 dark:text-red-300">
                  {r.message} <span className="font-mono text-xs text-zinc-600 dark:text-zinc-400">(error {r.code})</span>
                </div>
                {/* The message names the value and why; the generic explanations of 1001/1004 would only blur it. */}
                {r.code !== 1004 && r.code !== 1001 && explainCode(r.code) && (
                  <div className="text-zinc-600 dark:text-zinc-400">{explainCode(r.code)}</div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      {added.length > 0 && (
        <details>
          <summary className="cursor-pointer font-semibold text-emerald-800 dark:text-emerald-300">Added records ({formatNumber(added.length)})</summary>
          <ul className="mt-1 max-h-56 overflow-y-auto font-mono text-xs text-zinc-700 dark:text-zinc-300">
            {added.map((a) => (
              <li key={a.id} className="wrap-anywhere">
                Line {a.line}: {a.type} {a.name} {a.content}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  )
}

/** Upload a BIND zone file; every line is checked like a new record, and the summary says what happened to each. */
export function ImportDialog({ zoneId, zoneName, open, onClose }: { zoneId: string; zoneName: string; open: boolean; onClose: () => void }) {
  const fileId = useId()
  const proxiedId = useId()
  const formId = useId()
  const importer = useImportDnsRecords(zoneId)
  const [file, setFile] = useState<File | null>(null)
  const [proxied, setProxied] = useState(false)
  const [errors, setErrors] = useState<ApiErrorItem[]>([])
  const [fileError, setFileError] = useState<string | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [result, setResult] = useState<DnsImportResult | null>(null)
  /** Seconds left while the import waits for the API's rate limit; null while it is not waiting. */
  const [waiting, setWaiting] = useState<number | null>(null)
  const [cancelledWait, setCancelledWait] = useState(false)
  const waitControl = useRef<AbortController | null>(null)
  // Sending (not waiting): the import may be applied, so it cannot be cancelled or dismissed.
  const sending = importer.isPending && waiting === null
  const stopWaiting = () => waitControl.current?.abort()
  const close = () => {
    stopWaiting()
    waitControl.current = null
    setWaiting(null)
    setCancelledWait(false)
    setFile(null)
    setResult(null)
    setErrors([])
    setFileError(null)
    importer.reset()
    onClose()
  }
  const submit = (e: FormEvent) => {
    e.preventDefault()
    setErrors([])
    if (!file) {
      setFileError('Choose a zone file to import.')
      fileInput.current?.focus()
      return
    }
    setFileError(null)
    setCancelledWait(false)
    const control = new AbortController()
    waitControl.current = control
    importer.mutate(
      { file, proxied, signal: control.signal, onWait: setWaiting },
      {
        onSuccess: setResult,
        onError: (err) => {
          if (err instanceof DOMException && err.name === 'AbortError') {
            if (waitControl.current === control) setCancelledWait(true)
            return
          }
          const { fields, rest } = fieldErrorsFromApiError(err)
          setErrors([...rest, ...Object.values(fields).map((message) => ({ code: 0, message }))])
        },
      },
    )
  }
  return (
    <Dialog
      open={open}
      onClose={close}
      size="lg"
      dismissible={!sending}
      title={`Import records into ${zoneName}`}
      description="Upload a zone file in BIND format (as exported by most DNS providers). Each record is checked like a new one: valid lines are added, the others are refused with the reason. Existing records are kept."
      footer={
        result ? (
          <Button variant="primary" onClick={close}>
            Close
          </Button>
        ) : (
          <>
            {waiting !== null ? (
              <Button onClick={stopWaiting}>Cancel</Button>
            ) : (
              <Button onClick={close} disabled={sending}>
                Cancel
              </Button>
            )}
            <Button variant="primary" type="submit" form={formId} pending={importer.isPending}>
              Import
            </Button>
          </>
        )
      }
    >
      {result ? (
        <ImportSummary result={result} />
      ) : (
        <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
          <FormErrorSummary errors={errors} title="Nothing was imported" />
          {waiting !== null && (
            <p role="status" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200">
              {waitingText(waiting)}. The API allows the whole team a limited number of requests (and a zone a few imports) at a
              time; the import waits so that nobody's pages are refused, then starts by itself. Nothing has been imported yet; you
              can still cancel.
            </p>
          )}
          {cancelledWait && (
            <p role="status" className="rounded-md bg-zinc-100 px-3 py-2 text-sm text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200">
              Cancelled while waiting for the API's rate limit: nothing was imported. Import again when you are ready.
            </p>
          )}
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
