import { ChunkLoadError, isChunkLoadError } from './chunk-error'
import { lazy, Suspense, useEffect } from 'react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'

// The error view (with the tables of plain-words explanations and the budget countdown) is out of the
// shell every page loads first: it loads once the page is shown (see preloadErrorView), so it is at
// hand when a page fails even with the connection gone. Should its code still not come, the view for
// code that could not be loaded says what to do.
const loadErrorView = () => import('@/components/ui/error-view')
const ErrorView = lazy(() =>
  loadErrorView().then(
    (m) => ({ default: m.ErrorView }),
    () => ({ default: ChunkLoadError }),
  ),
)

/** Fetches the error view's code in the background, after the first page has had the network. */
export function preloadErrorView() {
  const idle = typeof requestIdleCallback === 'function' ? requestIdleCallback : (run: () => void) => setTimeout(run, 2000)
  idle(() => void loadErrorView().catch(() => undefined))
}

/** A page that failed to load: the API's code and message in plain words, with Retry. */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryReset = useQueryErrorResetBoundary()
  useEffect(() => queryReset.reset(), [queryReset])
  return (
    <div className="mx-auto max-w-2xl py-8">
      {isChunkLoadError(error) ? (
        <ChunkLoadError />
      ) : (
        <Suspense fallback={<p role="status" className="text-sm">This page could not be loaded…</p>}>
          <ErrorView error={error} title="This page could not be loaded" onRetry={() => void router.invalidate()} />
        </Suspense>
      )}
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-300">
        <Link to="/zones" className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Back to your zones
        </Link>
      </p>
    </div>
  )
}
