import { Switch } from '@/components/form/switch'
import { useToast } from '@/components/ui/toast'
import type { PersonView } from '@/shared/schemas/people'
import { useSetProposing, type ProposeSetting } from '../api/change-approval'

/**
 * "May propose changes": a viewer or reviewer whom an administrator allows proposes DNS
 * changes on zones that need approval (their e-mail address is the person's own, not changed here).
 */
export function ProposeSwitch({ person, setting }: { person: PersonView; setting?: ProposeSetting }) {
  const save = useSetProposing()
  const toast = useToast()
  const on = setting?.mayPropose ?? false
  return (
    <span className="mt-1 flex items-center gap-2 text-xs text-zinc-700 max-md:ml-16 dark:text-zinc-300">
      <Switch
        checked={on}
        disabled={save.isPending}
        label={`${person.username} may propose changes`}
        onChange={(next) =>
          save.mutate(
            { personId: person.id, mayPropose: next },
            {
              onSuccess: () => toast.success('Saved', `${person.username} ${next ? 'may now propose changes on zones that need approval' : 'no longer proposes changes'}.`),
              onError: (e) => toast.error('Not saved', e),
            },
          )
        }
      />
      <span aria-hidden="true">May propose changes</span>
    </span>
  )
}
