import { useId } from 'react'
import { Card } from '@/components/ui/page-header'
import { useToast } from '@/components/ui/toast'
import { TWO_FACTOR_POLICY_NAMES, type TwoFactorPolicyInput } from '@/shared/schemas/people'
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/people'

const WORDS: Record<TwoFactorPolicyInput['policy'], string> = {
  optional: 'Optional: each person decides (on their account page)',
  admins: 'Required for administrators',
  everyone: 'Required for everyone who signs in with a password',
}

/** The administrators' switch: who must sign in with an authenticator app's code as well. */
export function TwoFactorPolicyCard() {
  const id = useId()
  const policy = useTwoFactorPolicy()
  const save = useSetTwoFactorPolicy()
  const toast = useToast()
  return (
    <Card
      title="Two-factor sign-in"
      description="A code from an authenticator app after the password. Someone who must use it and has none sets it up at their next sign-in. Single sign-on accounts follow their provider's rules."
      className="mt-4"
    >
      <label htmlFor={id} className="block text-sm font-medium">
        Who must use a second factor
      </label>
      <select
        id={id}
        className="mt-1 max-w-full rounded-md border border-zinc-400 bg-white px-2 py-1.5 text-sm dark:border-zinc-600 dark:bg-zinc-900"
        value={policy.data?.policy ?? 'optional'}
        disabled={!policy.data || save.isPending}
        onChange={(e) =>
          save.mutate(
            { policy: e.target.value as TwoFactorPolicyInput['policy'] },
            {
              onSuccess: (r) => toast.success('Saved', WORDS[r.policy]),
              onError: (err) => toast.error('Not saved', err),
            },
          )
        }
      >
        {TWO_FACTOR_POLICY_NAMES.map((p) => (
          <option key={p} value={p}>
            {WORDS[p]}
          </option>
        ))}
      </select>
    </Card>
  )
}
