import { useEffect, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { applyApiErrors } from '@/components/form/apply-api-errors'
import { SelectField } from '@/components/form/fields'
import { FormErrorSummary } from '@/components/form/form-error-summary'
import { Button } from '@/components/ui/button'
import { Dialog } from '@/components/ui/dialog'
import { useToast } from '@/components/ui/toast'
import type { ApiErrorItem } from '@/lib/api-client'
import { EVERY_ACCOUNT, type AccountGrant } from '@/shared/account-grants'
import { ROLE_NAMES, ROLE_TEXT, type PersonView } from '@/shared/schemas/people'
import { useAccounts, useRemoveGrant, useSetGrant } from '../api/people'
import { ZoneScopeField } from './zone-scope-field'

const zonesWords = (z: AccountGrant['zones']) => (z === '*' ? 'all zones' : z.length ? z.join(', ') : 'no zones')
const ROLE_OPTIONS = ROLE_NAMES.map((value) => ({ value, label: ROLE_TEXT[value] }))

/**
 * A person's role per account: the every-account grant, and one per account that replaces it there,
 * each with all of the account's zones or some of them (picked from that account's own zones).
 * A viewer grant for every account is read-only access to all of them.
 */
export function PersonGrantsDialog({ person, onClose }: { person: PersonView; onClose: () => void }) {
  const accounts = useAccounts()
  const setGrant = useSetGrant()
  const removeGrant = useRemoveGrant()
  const toast = useToast()
  const [grants, setGrants] = useState<AccountGrant[]>(person.grants ?? [])
  const [serverErrors, setServerErrors] = useState<ApiErrorItem[]>([])
  const [error, setError] = useState<string>()
  const form = useForm<AccountGrant>({ defaultValues: { account: EVERY_ACCOUNT, role: 'viewer', zones: '*' } })
  const account = useWatch({ control: form.control, name: 'account' })
  const role = useWatch({ control: form.control, name: 'role' })
  // Another account's zones are not this one's: choosing another account starts the pick again.
  useEffect(() => {
    form.setValue('zones', '*')
  }, [account, form])
  const nameOf = (id: string) => (id === EVERY_ACCOUNT ? 'Every account' : (accounts.data?.find((a) => a.id === id)?.name ?? id))
  const accountOptions = [{ value: EVERY_ACCOUNT, label: 'Every account' }, ...(accounts.data ?? []).map((a) => ({ value: a.id, label: a.name }))]
  const give = form.handleSubmit(async (values) => {
    setError(undefined)
    setServerErrors([])
    const zones = values.role === 'admin' ? '*' : values.zones
    if (zones !== '*' && zones.length === 0) {
      form.setError('zones', { message: 'Pick at least one zone, or choose all zones.' })
      return
    }
    try {
      setGrants(await setGrant.mutateAsync({ id: person.id, grant: { account: values.account, role: values.role, zones } }))
      toast.success(`${person.display_name}: ${values.role} in ${nameOf(values.account)}${zones === '*' ? '' : ` (${zonesWords(zones)})`}`)
    } catch (e) {
      setServerErrors(applyApiErrors(form, e))
    }
  })
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
      <form onSubmit={(e) => void give(e)} noValidate aria-label="Give a role" className="mt-4 space-y-3">
        <h3 className="text-sm font-medium">Give a role</h3>
        <FormErrorSummary errors={serverErrors} title="Not given" />
        <SelectField
          control={form.control}
          name="account"
          label="Account"
          options={accountOptions}
          required
        />
        <SelectField control={form.control} name="role" label="Role in it" options={ROLE_OPTIONS} required />
        {role === 'admin' ? (
          <p className="text-sm text-zinc-700 dark:text-zinc-300">Administrators always have every zone of the account.</p>
        ) : (
          // Keyed by the account: the zones picked for one account are not carried to another.
          <ZoneScopeField key={account} control={form.control} name="zones" account={account === EVERY_ACCOUNT ? undefined : account} />
        )}
        <Button type="submit" pending={setGrant.isPending}>
          Give role
        </Button>
      </form>
      {accounts.isError && <p className="text-sm">The accounts could not be listed: only every account can be chosen.</p>}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </Dialog>
  )
}
