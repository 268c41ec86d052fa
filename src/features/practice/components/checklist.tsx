import { Link } from '@tanstack/react-router'
import { Button } from '@/components/ui/button'
import { CHECKLIST_TASKS, type ChecklistPlace, type PracticeView } from '@/shared/practice'

const linkClass = 'text-sm font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900 dark:text-blue-300'

function PlaceLink({ place, zoneId, label }: { place: ChecklistPlace; zoneId: string; label: string }) {
  if (place === 'dns')
    return (
      <Link to="/zones/$zoneId/dns" params={{ zoneId }} className={linkClass}>
        {label}
      </Link>
    )
  if (place === 'scripts')
    return (
      <Link to="/zones/$zoneId/page-shield/scripts" params={{ zoneId }} className={linkClass}>
        {label}
      </Link>
    )
  if (place === 'invites')
    return (
      <Link to="/invites" className={linkClass}>
        {label}
      </Link>
    )
  return (
    <Link to="/audit" className={linkClass}>
      {label}
    </Link>
  )
}

/**
 * The newcomer checklist: each task in plain words with a link to where it is done, ticked by the
 * server when it sees the task really done. `links`: false while live (the tasks are done in practice).
 */
export function Checklist({
  view,
  links,
  onPractise,
  pending = false,
}: {
  view: PracticeView
  links: boolean
  /** Offered beside a task the person's role does not allow here (sandbox mode, not practising). */
  onPractise?: () => void
  pending?: boolean
}) {
  const done = new Map(view.checklist.map((t) => [t.id, t.done]))
  const state = new Map(view.checklist.map((t) => [t.id, t]))
  const count = view.checklist.filter((t) => t.done).length
  return (
    <>
      <p className="text-sm font-medium" id="checklist-progress">
        {count} of {CHECKLIST_TASKS.length} done
      </p>
      <progress
        className="mt-1 h-2 w-full max-w-md accent-violet-700"
        max={CHECKLIST_TASKS.length}
        value={count}
        aria-labelledby="checklist-progress"
      />
      <ol className="mt-4 space-y-3" aria-label="Newcomer checklist">
        {CHECKLIST_TASKS.map((task) => {
          const ok = done.get(task.id) === true
          // A task the role does not allow here says why and offers proposing or practice, instead of staying undone for ever.
          const refusal = ok ? null : (state.get(task.id)?.reason ?? null)
          const proposeInstead = refusal !== null && state.get(task.id)?.proposeInstead === true
          return (
            <li key={task.id} className="flex gap-3 rounded-md border border-zinc-200 p-3 dark:border-zinc-700" data-done={ok}>
              <span
                aria-hidden="true"
                className={`mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full text-xs font-bold ${ok ? 'bg-emerald-600 text-white' : 'border border-zinc-400 text-transparent'}`}
              >
                ✓
              </span>
              <div className="min-w-0">
                <p className="text-sm font-semibold text-zinc-900 dark:text-zinc-50">
                  {task.title}{' '}
                  <span
                    className={`ml-1 text-xs font-medium ${ok ? 'text-emerald-700 dark:text-emerald-300' : 'text-zinc-600 dark:text-zinc-400'}`}
                  >
                    {ok ? 'Done' : proposeInstead ? 'You propose it here' : refusal ? 'Not allowed for your role here' : 'Not done yet'}
                  </span>
                </p>
                <p className="mt-0.5 text-sm text-zinc-700 dark:text-zinc-300">{task.how}</p>
                {refusal && (
                  <p
                    className={`mt-1 text-sm ${proposeInstead ? 'text-blue-900 dark:text-blue-100' : 'text-amber-800 dark:text-amber-200'}`}
                    data-testid="task-refusal"
                  >
                    {refusal}
                  </p>
                )}
                {(proposeInstead || !refusal) && links && (
                  <p className="mt-1">
                    <PlaceLink place={task.place} zoneId={view.demoZoneId} label={proposeInstead ? 'Propose a record' : task.linkLabel} />
                  </p>
                )}
                {refusal && onPractise && (
                  <p className="mt-1">
                    <Button size="sm" pending={pending} onClick={onPractise}>
                      Practise this
                    </Button>
                  </p>
                )}
              </div>
            </li>
          )
        })}
      </ol>
    </>
  )
}
