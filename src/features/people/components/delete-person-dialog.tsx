import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { useToast } from '@/components/ui/toast'
import type { PersonView } from '@/shared/schemas/people'
import { useDeletePerson } from '../api/people'

/** Where focus goes once the person's row (and its Delete button) is gone: the page's "Add person". */
function focusAddPerson() {
  window.setTimeout(() => {
    const add = [...document.querySelectorAll<HTMLElement>('main button')].find((b) => b.textContent?.trim() === 'Add person')
    add?.focus()
  }, 0)
}

/**
 * Asks before deleting a person, naming them and what goes with them. The server
 * refuses oneself and the last active administrator; its reason is shown as it says it.
 */
export function DeletePersonDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const del = useDeletePerson()
  const toast = useToast()
  return (
    <ConfirmDialog
      open
      title={`Delete ${person.display_name}?`}
      consequence={
        <>
          {person.display_name} ({person.username}) is signed out everywhere at once, their personal API tokens and second factor are
          removed, and they can no longer sign in. Their entries in the audit log and their reviews stay, under their name. To keep
          the account for later, disable it instead.
        </>
      }
      confirmLabel={`Delete ${person.display_name}`}
      pending={del.isPending}
      onCancel={onClose}
      onConfirm={() =>
        del.mutate(person.id, {
          onSuccess: () => {
            toast.success('Person deleted', `${person.display_name} (${person.username}) can no longer sign in; their audit entries stay.`)
            onClose()
            focusAddPerson()
          },
          onError: (e) => toast.error(`${person.display_name} was not deleted`, e),
        })
      }
    />
  )
}
