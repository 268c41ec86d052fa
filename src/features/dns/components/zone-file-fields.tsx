import type { RefObject } from 'react'

/**
 * The zone file and the proxy choice, as the import dialog and the "Propose from a BIND file" dialog
 * both ask for them: one field, one error at it, one explanation.
 */
export function ZoneFileFields({ fileId, fileInput, fileError, onFile, proxiedId, proxied, onProxied }: {
  fileId: string
  fileInput: RefObject<HTMLInputElement | null>
  fileError: string | null
  onFile: (file: File | null) => void
  proxiedId: string
  proxied: boolean
  onProxied: (proxied: boolean) => void
}) {
  return (
    <>
      <div className="flex flex-col gap-1.5">
        <label htmlFor={fileId} className="text-sm font-medium text-zinc-900 dark:text-zinc-100">
          Zone file
        </label>
        <input
          ref={fileInput}
          id={fileId}
          type="file"
          accept=".txt,.zone,.bind,.db,text/plain"
          aria-invalid={fileError ? true : undefined}
          aria-describedby={fileError ? `${fileId}-err ${fileId}-help` : `${fileId}-help`}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
          className="text-sm text-zinc-800 file:mr-3 file:rounded-md file:border file:border-zinc-300 file:bg-white file:px-3 file:py-1.5 file:text-sm dark:text-zinc-200 dark:file:border-zinc-600 dark:file:bg-zinc-800 dark:file:text-zinc-100"
        />
        {fileError && (
          <p id={`${fileId}-err`} className="flex items-start gap-1 text-sm font-medium text-red-700 dark:text-red-400">
            <span aria-hidden="true">⚠</span>
            <span>{fileError}</span>
          </p>
        )}
        <p id={`${fileId}-help`} className="text-sm text-zinc-600 dark:text-zinc-400">
          Lines like <code className="font-mono">www 3600 IN A 192.0.2.1</code>. The SOA line is skipped (it is automatic); $ORIGIN, $TTL and
          $GENERATE are understood; $INCLUDE is not allowed.
        </p>
      </div>
      <label htmlFor={proxiedId} className="flex items-start gap-2 text-sm text-zinc-800 dark:text-zinc-200">
        <input id={proxiedId} type="checkbox" checked={proxied} onChange={(e) => onProxied(e.target.checked)} className="mt-0.5 size-4 accent-blue-600" />
        <span>
          Proxy the imported A, AAAA and CNAME records
          <span className="block text-zinc-600 dark:text-zinc-400">
            A cf-proxied:true or cf-proxied:false tag on a line wins over this choice. Private addresses are never proxied.
          </span>
        </span>
      </label>
    </>
  )
}
