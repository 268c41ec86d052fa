import { useEffect, useId, useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Switch } from '@/components/form/switch'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import type { ApproverMode } from '@/shared/schemas/change-requests'
import type { PersonView } from '@/shared/schemas/people'
import { useApprovalZones, useSetZoneApproval, type ApprovalZone } from '../api/change-approval'
import { zonePickQueryOptions } from '../api/zone-search'

const MODES: { id: ApproverMode; label: string }[] = [
  { id: 'admins', label: 'Administrators only' },
  { id: 'editors', label: 'Administrators and every editor of the zone' },
  { id: 'named', label: 'Administrators and the people chosen below' },
]
const selectClass = 'mt-1 block w-full max-w-full rounded-md border border-zinc-300 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-800'

/** Editors who could approve on the zone: the role, and the zone in their scope. */
const editorsOf = (people: PersonView[], zoneName: string) =>
  people.filter((p) => p.role === 'editor' && !p.disabled && (p.zones === '*' || p.zones.includes(zoneName)))

/**
 * People page: the zones whose changes need approval and who approves on each:
 * administrators always, plus every editor of the zone or the editors chosen. Each change is saved at once.
 */
export function ChangeApprovalCard({ people }: { people: PersonView[] }) {
  const zones = useApprovalZones()
  const [added, setAdded] = useState<ApprovalZone[]>([])
  const listed = [...(zones.data ?? []), ...added.filter((a) => !zones.data?.some((z) => z.zoneId === a.zoneId))]
  return (
    <Card
      className="mt-6"
      title="Change approval"
      description="On a zone marked “changes need approval”, editors propose DNS changes and someone else approves them before they reach the zone. Administrators always approve and may still change records directly. Nobody approves their own request."
    >
      <div className="space-y-4 p-4 text-sm">
        {zones.isError && <p role="alert">The zones’ settings could not be read: {zones.error.message}</p>}
        {zones.data && !listed.length && <p className="text-zinc-600 dark:text-zinc-400">No zone needs approval yet.</p>}
        {listed.length > 0 && (
          <ul className="space-y-3" aria-label="Zones with approval settings">
            {listed.map((z) => (
              <ZoneRow key={z.zoneId} zone={z} people={people} />
            ))}
          </ul>
        )}
        <AddZone onAdd={(z) => setAdded((list) => [...list, z])} taken={listed.map((z) => z.zoneId)} />
      </div>
    </Card>
  )
}

function ZoneRow({ zone, people }: { zone: ApprovalZone; people: PersonView[] }) {
  const save = useSetZoneApproval()
  const toast = useToast()
  const modeId = useId()
  const set = (change: Partial<ApprovalZone>) => {
    const next = { zoneId: zone.zoneId, required: zone.required, approverMode: zone.approverMode, approverIds: zone.approverIds, ...change }
    save.mutate(next, {
      onSuccess: () => toast.success('Saved', `${zone.zoneName}: ${next.required ? 'changes need approval' : 'changes do not need approval'}.`),
      onError: (e) => toast.error('Not saved', e),
    })
  }
  const editors = editorsOf(people, zone.zoneName)
  return (
    <li className="rounded-md border border-zinc-200 p-3 dark:border-zinc-700">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{zone.zoneName}</span>
        <span className="flex items-center gap-2">
          <Switch checked={zone.required} disabled={save.isPending} onChange={(on) => set({ required: on })} label={`Changes need approval on ${zone.zoneName}`} />
          <span aria-hidden="true">Changes need approval</span>
        </span>
      </div>
      <label className="mt-3 block font-medium" htmlFor={modeId}>
        Who approves on {zone.zoneName}
      </label>
      <select id={modeId} className={selectClass} value={zone.approverMode} disabled={save.isPending} onChange={(e) => set({ approverMode: e.target.value as ApproverMode, approverIds: e.target.value === 'named' ? zone.approverIds : [] })}>
        {MODES.map((m) => (
          <option key={m.id} value={m.id}>
            {m.label}
          </option>
        ))}
      </select>
      {zone.approverMode === 'named' && (
        <fieldset className="mt-3">
          <legend className="font-medium">Approvers on {zone.zoneName}</legend>
          {editors.length ? (
            <ul className="mt-1 space-y-1">
              {editors.map((p) => (
                <li key={p.id}>
                  <label className="flex items-center gap-2">
                    <input
                      type="checkbox"
                      className="size-4"
                      checked={zone.approverIds.includes(p.id)}
                      disabled={save.isPending}
                      onChange={(e) => set({ approverIds: e.target.checked ? [...zone.approverIds, p.id] : zone.approverIds.filter((id) => id !== p.id) })}
                    />
                    <span className="[overflow-wrap:anywhere]">
                      {p.display_name} ({p.username})
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-zinc-600 dark:text-zinc-400">No editor has this zone: approvers need the editor role and the zone in their scope.</p>
          )}
        </fieldset>
      )}
    </li>
  )
}

/** Picks a zone of the account by name (the API filters, so it works with any number of zones). */
function AddZone({ onAdd, taken }: { onAdd: (z: ApprovalZone) => void; taken: string[] }) {
  const [text, setText] = useState('')
  const [asked, setAsked] = useState('')
  const inputId = useId()
  useEffect(() => {
    const t = window.setTimeout(() => setAsked(text.trim().toLowerCase()), 250)
    return () => window.clearTimeout(t)
  }, [text])
  const found = useQuery({ ...zonePickQueryOptions(asked), enabled: asked !== '' })
  const matches = (found.data?.result ?? []).filter((z) => !taken.includes(z.id))
  return (
    <div>
      <label htmlFor={inputId} className="block font-medium">
        Add a zone
      </label>
      <input
        id={inputId}
        type="search"
        autoComplete="off"
        placeholder="Type part of its name"
        className={selectClass}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      {asked !== '' && !found.isPending && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Matching zones">
          {matches.map((z) => (
            <li key={z.id} className="max-w-full">
              <Button size="sm" className="max-w-full [overflow-wrap:anywhere]" onClick={() => (onAdd({ zoneId: z.id, zoneName: z.name.toLowerCase(), required: false, approverMode: 'admins', approverIds: [] }), setText(''))}>
                Add {z.name}
              </Button>
            </li>
          ))}
          {!matches.length && <li className="text-zinc-600 dark:text-zinc-400">No other zone of the account matches “{asked}”.</li>}
        </ul>
      )}
    </div>
  )
}
