import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useId, useRef, useState } from 'react'
import { Button } from '@/components/ui/button'
import { useToast } from '@/components/ui/toast'
import { localCall } from '@/lib/api-client'
import { changeDraft, useChangeDraft } from '@/lib/change-requests'
import { keys } from '@/lib/query-keys'

export const inputClass =
  'mt-1 block w-full rounded-md border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 focus-visible:outline-2 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100'

/**
 * The change request being gathered: "3 changes in this request", each removable, with a
 * title and a reason, then Send. Shown on every page while it holds a change, so a person can go on
 * editing elsewhere in the zone before sending.
 */
export function ChangeTray() {
  const draft = useChangeDraft()
  const toast = useToast()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [title, setTitle] = useState('')
  const [titleError, setTitleError] = useState('')
  const titleInput = useRef<HTMLInputElement>(null)
  const [reason, setReason] = useState('')
  const [open, setOpen] = useState(true)
  const ids = { title: useId(), titleError: useId(), reason: useId(), heading: useId() }
  const send = useMutation({
    mutationFn: () =>
      localCall('POST', '/api/local/change-requests', { body: { zoneId: draft!.zoneId, title, reason, items: draft!.items.map(({ label: _label, ...item }) => item) }, }),
    onSuccess: (r) => {
      changeDraft.clear()
      setTitle('')
      setReason('')
      void queryClient.invalidateQueries({ queryKey: keys.changeRequests.all })
      toast.success('Change request sent', `#${r.id} waits for an approver; the zone is unchanged until then.`)
      void navigate({ to: '/change-requests/$requestId', params: { requestId: String(r.id) } })
    },
    onError: (e) => toast.error('The request was not sent', e),
  })
  if (!draft) return null
  const n = draft.items.length
  return (
    <section aria-labelledby={ids.heading} className="sticky bottom-0 z-20 mt-6 rounded-t-lg border border-blue-300 bg-white p-4 shadow-lg dark:border-blue-800 dark:bg-zinc-900">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={ids.heading} className="text-base font-semibold">
          {n} change{n === 1 ? '' : 's'} in this request <span className="font-normal text-zinc-600 dark:text-zinc-400">({draft.zoneName || 'zone'})</span>
        </h2>
        <div className="flex gap-2">
          <Button size="sm" onClick={() => setOpen(!open)} aria-expanded={open}>
            {open ? 'Hide' : 'Show'}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => changeDraft.clear()}>
            Discard request
          </Button>
        </div>
      </div>
      {open && (
        <form
          className="mt-3 space-y-3"
          onSubmit={(e) => {
            e.preventDefault()
            // Said at the field, not by a greyed-out button that gives no reason.
            if (!title.trim()) {
              setTitleError('Give the request a title: it is what the approver sees first in their list.')
              titleInput.current?.focus()
              return
            }
            send.mutate()
          }}
        >
          <ul className="space-y-1 text-sm" aria-label="Changes in this request">
            {draft.items.map((item, i) => (
              <li key={i} className="flex items-center justify-between gap-2 rounded border border-zinc-200 px-2 py-1 dark:border-zinc-700">
                <span className="wrap-anywhere">{item.label}</span>
                <Button size="sm" variant="ghost" aria-label={`Remove "${item.label}" from the request`} onClick={() => changeDraft.remove(i)}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
          <div className="grid gap-3 md:grid-cols-2">
            <label htmlFor={ids.title} className="text-sm font-medium">
              Title
              <input
                ref={titleInput}
                id={ids.title}
                className={inputClass}
                value={title}
                aria-required="true"
                aria-invalid={titleError ? true : undefined}
                aria-describedby={titleError ? ids.titleError : undefined}
                maxLength={200}
                onChange={(e) => {
                  setTitle(e.target.value)
                  if (e.target.value.trim()) setTitleError('')
                }}
              />
              {titleError && (
                <span id={ids.titleError} className="mt-1 block font-normal text-red-700 dark:text-red-300">
                  {titleError}
                </span>
              )}
            </label>
            <label htmlFor={ids.reason} className="text-sm font-medium">
              Reason (the approver reads it)
              <input id={ids.reason} className={inputClass} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} />
            </label>
          </div>
          <Button type="submit" variant="primary" pending={send.isPending}>
            Send for approval
          </Button>
        </form>
      )}
    </section>
  )
}
