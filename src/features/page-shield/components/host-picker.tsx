import { useId, useMemo, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Button } from '@/components/ui/button'
import { inputBorder, inputClass } from '@/components/form/field'
import { buildHostExpression, compileExpression, parseHostExpression } from '@/shared/page-shield/expression'
import { seenQueryOptions } from '../api/seen'

function pageHost(pageUrl: string | undefined): string | undefined {
  if (!pageUrl) return undefined
  try {
    return new URL(/^https?:\/\//i.test(pageUrl) ? pageUrl : `https://${pageUrl}`).hostname.toLowerCase()
  } catch {
    return undefined
  }
}

/**
 * Which pages the policy applies to: pick the site's host names (and optionally a path prefix) and
 * the rules expression is written for you, or edit the expression yourself.
 */
export function ExpressionEditor({
  zoneId,
  value,
  onChange,
  error,
}: {
  zoneId: string
  value: string
  onChange: (v: string) => void
  error?: string
}) {
  const picked = parseHostExpression(value)
  const [raw, setRaw] = useState(picked === undefined)
  const seen = useQuery(seenQueryOptions(zoneId))
  const hosts = useMemo(() => {
    const set = new Set<string>(picked?.hosts ?? [])
    for (const s of seen.data?.scripts.items ?? []) {
      const h = pageHost(s.first_page_url)
      if (h) set.add(h)
    }
    for (const c of seen.data?.connections.items ?? [])
      for (const p of c.page_urls ?? []) {
        const h = pageHost(p)
        if (h) set.add(h)
      }
    return [...set].sort()
  }, [seen.data, picked?.hosts])
  const id = useId()
  const compiled = value.trim() ? compileExpression(value) : undefined
  const selection = picked ?? { hosts: [], pathPrefix: '' }
  const set = (next: Partial<typeof selection>) => onChange(buildHostExpression({ ...selection, ...next }))

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        Pages this policy applies to <span className="text-red-600">*</span>
      </legend>
      {!raw ? (
        <>
          <p className="text-sm text-zinc-600 dark:text-zinc-300">
            Tick the sites it covers. Nothing ticked means every page of the zone.
          </p>
          {seen.isPending && <p className="text-sm text-zinc-500">Reading the pages seen on this zone…</p>}
          <div className="flex flex-wrap gap-x-5 gap-y-2">
            {hosts.map((h) => (
              <label key={h} className="flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200">
                <input
                  type="checkbox"
                  checked={selection.hosts.includes(h)}
                  onChange={(e) =>
                    set({ hosts: e.target.checked ? [...selection.hosts, h] : selection.hosts.filter((x) => x !== h) })
                  }
                />
                <span className="font-mono break-all">{h}</span>
              </label>
            ))}
          </div>
          <div>
            <label htmlFor={`${id}-path`} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
              Only pages whose path starts with
            </label>
            <input
              id={`${id}-path`}
              value={selection.pathPrefix}
              placeholder="e.g. /checkout (leave empty for all pages)"
              onChange={(e) => set({ pathPrefix: e.target.value })}
              className={`${inputClass} ${inputBorder(false)} mt-1 max-w-md font-mono`}
            />
          </div>
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Expression: <code className="font-mono break-all">{value || buildHostExpression(selection)}</code>
          </p>
          <Button variant="ghost" size="sm" onClick={() => setRaw(true)}>
            Edit the expression directly
          </Button>
        </>
      ) : (
        <>
          <label htmlFor={`${id}-raw`} className="sr-only">
            Rules expression
          </label>
          <textarea
            id={`${id}-raw`}
            value={value}
            rows={3}
            onChange={(e) => onChange(e.target.value)}
            aria-invalid={!!error}
            aria-describedby={`${id}-raw-help`}
            className={`${inputClass} ${inputBorder(!!error)} font-mono`}
          />
          <p id={`${id}-raw-help`} className="text-xs text-zinc-600 dark:text-zinc-400">
            Rules language, e.g.{' '}
            <code className="font-mono">http.host eq "www.example.com" and starts_with(http.request.uri.path, "/checkout")</code>.
            {compiled &&
              !compiled.ok &&
              ` The draft check cannot read this expression (${compiled.error}); it will assume every page.`}
          </p>
          {picked !== undefined && (
            <Button variant="ghost" size="sm" onClick={() => setRaw(false)}>
              Back to picking hosts
            </Button>
          )}
          {picked === undefined && value.trim() !== '' && (
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              This expression goes beyond host names and a path prefix, so it is shown as text.
            </p>
          )}
        </>
      )}
      {error && <p className="text-sm text-red-700 dark:text-red-300">{error}</p>}
    </fieldset>
  )
}
