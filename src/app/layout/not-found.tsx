import { lazy, Suspense } from 'react'
import { ChunkLoadError } from './chunk-error'

// The 404 page loads when an address is not found, not with the shell every page loads first.
// Should its code not come, the view for code that could not be loaded says what to do.
const Page = lazy(() =>
  import('./not-found-page').then(
    (m) => ({ default: m.NotFoundPage }),
    () => ({ default: ChunkLoadError }),
  ),
)

/** Shown for any address the dashboard does not have. */
export function NotFoundPage() {
  return (
    <Suspense fallback={null}>
      <Page />
    </Suspense>
  )
}
