import { Link } from '@tanstack/react-router'
import { ROLE_LABEL, useMe } from '@/lib/access'

const linkClass =
  'rounded-md px-2 py-1 text-sm font-medium text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-blue-600 dark:text-zinc-200 dark:hover:bg-zinc-800'

/** Top bar: who is signed in (a link to their account and sessions) and Sign out; or the local administrator. */
export function AccountMenu() {
  const me = useMe()
  if (!me.data) return null
  const { person, kind } = me.data
  if (kind === 'local') {
    return (
      <Link to="/people" className={linkClass} title="Nobody has an account yet: add people to require signing in.">
        Local administrator · Add people
      </Link>
    )
  }
  return (
    <div className="flex items-center gap-1">
      <Link to="/account" className={linkClass} title={`Your role: ${ROLE_LABEL[person.role]}`}>
        {person.display_name} <span className="font-normal text-zinc-600 dark:text-zinc-400">({ROLE_LABEL[person.role]})</span>
      </Link>
      <form method="post" action="/logout">
        <button type="submit" className={linkClass}>
          Sign out
        </button>
      </form>
    </div>
  )
}
