import { useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { downloadText } from '@/lib/download'
import { formatNumber } from '@/lib/format'
import { scriptIndexCsvUrl } from '../api/needs-review-scan'
import type { ScriptsSearch } from '../api/search'

/**
 * "Download CSV" of every script the view matches (all of them: the server streams them from the
 * zone's index, no cap), with each script's review: state, verdict, reviewer, time and note, and the
 * page it was seen on. Shows how many rows have arrived of how many, and can be cancelled; a file
 * that did not arrive whole is never saved.
 */
export function ScriptsCsvButton({ zoneId, search }: { zoneId: string; search: ScriptsSearch }) {
  const toast = useToast()
  const [progress, setProgress] = useState<{ rows: number; of: number | undefined } | undefined>()
  const abort = useRef<AbortController | undefined>(undefined)
  const download = async () => {
    const controller = new AbortController()
    abort.current = controller
    setProgress({ rows: 0, of: undefined })
    try {
      const res = await fetch(scriptIndexCsvUrl(zoneId, search), { signal: controller.signal, credentials: 'same-origin' })
      if (!res.ok || !res.body) {
        const body = (await res.json().catch(() => null)) as { errors?: { message: string }[] } | null
        throw new Error(body?.errors?.[0]?.message ?? `The server answered ${res.status}.`)
      }
      const expected = Number(res.headers.get('x-zonekeeper-rows') ?? NaN)
      const of = Number.isFinite(expected) ? expected : undefined
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
      const parts: string[] = []
      let lines = 0
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        parts.push(value)
        lines += value.split('\r\n').length - 1
        setProgress({ rows: Math.max(0, lines - 1), of })
      }
      const rows = Math.max(0, lines - 1)
      if (of !== undefined && rows !== of)
        throw new Error(`The file held ${formatNumber(rows)} of ${formatNumber(of)} rows; it was not saved.`)
      downloadText(parts.join(''), `scripts-${zoneId}.csv`)
      toast.success(`Downloaded ${formatNumber(rows)} ${rows === 1 ? 'script' : 'scripts'}`, 'Every script matching this view, with its review.')
    } catch (err) {
      if (controller.signal.aborted) toast.success('Download cancelled', 'No file was saved.')
      else toast.error('The CSV could not be made', err)
    } finally {
      abort.current = undefined
      setProgress(undefined)
    }
  }
  if (progress)
    return (
      <div className="flex items-center gap-2">
        <span role="status" className="text-sm text-zinc-700 tabular-nums dark:text-zinc-300">
          {progress.of === undefined
            ? 'Preparing the CSV…'
            : `CSV: ${formatNumber(progress.rows)} of ${formatNumber(progress.of)} rows`}
        </span>
        <Button variant="secondary" onClick={() => abort.current?.abort()}>
          Cancel download
        </Button>
      </div>
    )
  return (
    <Button
      variant="secondary"
      onClick={() => void download()}
      title="Every script this view matches (all pages, no cap), with their review: verdict, reviewer, note, and the page each was seen on."
    >
      Download CSV
    </Button>
  )
}
