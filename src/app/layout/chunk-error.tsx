import { useQuery } from '@tanstack/react-query'
import { Button, buttonClasses } from '@/components/ui/button'
import { keys } from '@/lib/query-keys'

/**
 * A part of the dashboard's code (loaded on demand) could not be fetched. The usual reason is that
 * the person was signed out meanwhile (their session ended, or an administrator turned their access
 * off): the server then answers the code file with the sign-in page, and the browser only says
 * "Failed to fetch dynamically imported module".
 */
export const isChunkLoadError = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(error.message)

/** Asks the server whether the session still holds (without the API client's redirect), and says what to do. */
export function ChunkLoadError() {
  const session = useQuery({
    queryKey: keys.sessionCheckAfterChunkError,
    queryFn: async () => (await fetch('/api/local/me', { headers: { Accept: 'application/json' } })).status,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })
  const next = window.location.pathname + window.location.search
  if (session.isPending) return <p role="status" className="text-sm">Checking your session…</p>
  if (session.data === 401) {
    return (
      <div role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-5 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100">
        <h2 className="text-base font-semibold">You were signed out</h2>
        <p className="mt-1 text-sm">
          Your session has ended, or your access to this dashboard was turned off, so this part of the page could not be loaded. Sign in again to
          continue; if your access was turned off, ask an administrator.
        </p>
        <a className={buttonClasses('primary', 'md', 'mt-4')} href={`/login?next=${encodeURIComponent(next)}`}>
          Sign in again
        </a>
      </div>
    )
  }
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-5 text-red-900 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100">
      <h2 className="text-base font-semibold">Part of the dashboard could not be loaded</h2>
      <p className="mt-1 text-sm">The connection may have dropped, or a newer version of the dashboard was installed meanwhile. Reload the page.</p>
      <Button className="mt-4" onClick={() => window.location.reload()}>
        Reload the page
      </Button>
    </div>
  )
}
