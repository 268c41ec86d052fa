import { Link } from '@tanstack/react-router'
import { buttonClasses } from '@/components/ui/button'

/** Shown for any address the dashboard does not have. */
export function NotFoundPage() {
  return (
    <div className="mx-auto max-w-lg py-16 text-center">
      <p className="text-sm font-semibold text-blue-700 dark:text-blue-300">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">Page not found</h1>
      <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">
        There is nothing at this address. The link may be mistyped, or the zone or item it pointed to may have been removed.
      </p>
      <Link to="/zones" className={buttonClasses('primary', 'md', 'mt-6')}>
        Go to your zones
      </Link>
    </div>
  )
}
