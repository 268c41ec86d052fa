import { useId, useState } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { useLocation, useRouter } from '@tanstack/react-router'
import { Combobox } from '@/components/ui/combobox'
import { isAccountId } from '@/lib/account'
import { localCall } from '@/lib/api-client'
import { keys } from '@/lib/query-keys'

const inputClass =
  'h-9 w-full rounded-md border border-zinc-300 bg-white px-3 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-700 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:placeholder:text-zinc-200'

/**
 * The account switcher in the top bar (only when the deployment reaches more than one account):
 * type part of an account's name, pick it; the account goes into the URL (`?account=`, kept across
 * pages by the root route), and from then every request names it. Says which credential the
 * account is reached through (its name, never its secret). Loaded apart from the shell.
 */
export default function AccountSwitcher() {
  const scope = useQuery({
    queryKey: keys.accountsInScope,
    queryFn: ({ signal }) => localCall('GET', '/api/local/accounts', { signal }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  })
  const router = useRouter()
  const { pathname, search } = useLocation()
  const [open, setOpen] = useState(false)
  const [text, setText] = useState('')
  const labelId = useId()
  const accounts = scope.data?.accounts ?? []
  if (accounts.length < 2) return null
  const chosen = (search as { account?: string }).account
  const currentId = (isAccountId(chosen) ? chosen : undefined) ?? scope.data?.default ?? undefined
  const current = accounts.find((a) => a.id === currentId)
  const needle = text.trim().toLowerCase()
  const shown = needle ? accounts.filter((a) => a.name.toLowerCase().includes(needle)) : accounts

  const choose = (id: string) => {
    setOpen(false)
    setText('')
    // A zone belongs to one account: switching from a zone's page goes to the new account's zones.
    void router.navigate({ to: pathname.startsWith('/zones/') ? '/zones' : '.', search: (prev: Record<string, unknown>) => ({ ...prev, account: id }) } as never)
  }
  const via = current?.credentials[0]?.label
  const placeholder = current ? `Account: ${current.name}` : 'Choose an account…'

  return (
    <div className="w-full">
      <span id={labelId} className="sr-only">
        Switch account
      </span>
      <Combobox
        options={shown}
        optionKey={(a) => a.id}
        onPick={(a) => choose(a.id)}
        renderOption={(a) => (
          <span className="flex min-w-0 flex-col">
            <span className="truncate">
              {a.name}
              {a.id === currentId && <span className="ml-2 text-xs text-zinc-600 dark:text-zinc-400">current</span>}
            </span>
            <span className="truncate text-xs text-zinc-600 dark:text-zinc-400">via {a.credentials[0]?.label}</span>
          </span>
        )}
        text={open ? text : ''}
        onTextChange={setText}
        open={open}
        onOpenChange={setOpen}
        onDismiss={() => setText('')}
        listLabelledBy={labelId}
        listClassName="max-h-72"
        inputProps={{ 'aria-labelledby': labelId, 'aria-describedby': via ? `${labelId}-via` : undefined, placeholder, className: inputClass }}
        boxClassName="relative"
        status={shown.length === 0 ? `No account name contains “${text.trim()}”.` : `${shown.length} accounts`}
      />
      {via && (
        <p id={`${labelId}-via`} className="mt-0.5 truncate text-xs text-zinc-600 dark:text-zinc-400">
          Acting through: {via}
        </p>
      )}
    </div>
  )
}
