import { Card } from '@/components/ui/page-header'
import { ESTATE_ACCOUNT_NAMES, SANDBOX_TOKEN_INFO } from '@/shared/sandbox-estate'

/**
 * The sandbox for API clients (sandbox mode): where it answers, and the seeded tokens bound to the
 * agency's client accounts, to paste into a client. Values are shown as text (they are fixed, public
 * sandbox values, not secrets).
 */
export function SandboxApiCard() {
  const origin = typeof window === 'undefined' ? '' : window.location.origin
  return (
    <Card
      title="The sandbox for API clients"
      description={`curl, the cloudflare SDK or certbot reach this sandbox at ${origin}/client/v4. Any token reaches the demo data (Acme Corporation). While the dashboard needs no sign-in, these tokens reach only an agency's client accounts, as the service's account tokens do.`}
      className="mb-6"
    >
      <ul aria-label="Sandbox tokens" className="space-y-3 text-sm">
        {SANDBOX_TOKEN_INFO.map((t) => (
          <li key={t.value}>
            <p className="font-medium">{t.name}</p>
            <p className="text-zinc-700 dark:text-zinc-300">
              {t.kind === 'user' ? 'User token, checked at /user/tokens/verify' : 'Account token, checked at /accounts/{account_id}/tokens/verify'}
              {'; reaches '}
              {t.accounts.map((a) => ESTATE_ACCOUNT_NAMES[a]).join(', ')}
            </p>
            <code className="mt-1 block font-mono break-all">{t.value}</code>
          </li>
        ))}
      </ul>
    </Card>
  )
}
