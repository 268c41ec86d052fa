import { useId, useState } from 'react'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import { EVERY_ACCOUNT, type AccountGrant } from '@/shared/account-grants'
import { ROLE_NAMES, type PersonView } from '@/shared/schemas/people'
import { useAccounts, useRemoveGrant, useSetGrant } from '../api/people'

const zonesWords = (z: AccountGrant['zones']) => (z === '*' ? 'all zones' : z.length ? z.join(', ') : 'no zones')

/**
 * A person's role per account: the every-account grant, and one per account that replaces it there.
 * A viewer grant for every account is read-only access to all of them.
 */
export function PersonGrantsDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const accounts = useAccounts()
  const setGrant = useSetGrant()
  const removeGrant = useRemoveGrant()
  const toast = useToast()
  const [grants, setGrants] = useState<AccountGrant[]>(person.grants ?? [])
  const fieldId = useId()
  const [account, setAccount] = useState<string>(EVERY_ACCOUNT)
  const [role, setRole] = useState<AccountGrant['role']>('viewer')
  const [error, setError] = useState<string>()
  const nameOf = (id: string) => (id === EVERY_ACCOUNT ? 'Every account' : (accounts.data?.find((a) => a.id === id)?.name ?? id))
  const give = async () => {
    setError(undefined)
    try {
      setGrants(await setGrant.mutateAsync({ id: person.id, grant: { account, role, zones: '*' } }))
      toast.success(`${person.display_name}: ${role} in ${nameOf(account)}`)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  const remove = async (id: string) => {
    setError(undefined)
    try {
      setGrants(await removeGrant.mutateAsync({ id: person.id, account: id }))
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Roles of ${person.display_name} per account`}
      description="A role for one account replaces the every-account role there. A viewer role for every account is read-only access to all of them."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="overflow-x-auto">
        <table aria-label={`Roles of ${person.username}`} className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col">Account</th>
              <th scope="col">Role</th>
              <th scope="col">Zones</th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {grants.map((g) => (
              <tr key={g.account}>
                <td className="break-all">{nameOf(g.account)}</td>
                <td>{g.role}</td>
                <td className="break-words">{zonesWords(g.zones)}</td>
                <td>
                  <Button size="sm" variant="ghost" aria-label={`Remove the role in ${nameOf(g.account)}`} onClick={() => void remove(g.account)}>
                    Remove
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {grants.length === 0 && <p className="text-sm">{person.username} has no role in any account.</p>}
      </div>
      <fieldset className="mt-4 flex flex-wrap items-end gap-2">
        <legend className="text-sm font-medium">Give a role</legend>
        <label htmlFor={`${fieldId}-account`} className="flex flex-col text-sm">
          Account
          <select id={`${fieldId}-account`} value={account} onChange={(e) => setAccount(e.target.value)} className="rounded border px-2 py-1">
            <option value={EVERY_ACCOUNT}>Every account</option>
            {accounts.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={`${fieldId}-role`} className="flex flex-col text-sm">
          Role in it
          <select id={`${fieldId}-role`} value={role} onChange={(e) => setRole(e.target.value as AccountGrant['role'])} className="rounded border px-2 py-1">
            {ROLE_NAMES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </label>
        <Button onClick={() => void give()} disabled={setGrant.isPending}>
          Give role
        </Button>
      </fieldset>
      {accounts.isError && <p className="text-sm">The accounts could not be listed: only every account can be chosen.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Dialog>
  )
}
