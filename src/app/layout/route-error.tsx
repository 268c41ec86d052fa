import { ChunkLoadError, isChunkLoadError } from './chunk-error'
import { useEffect } from 'react'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { ErrorView } from '@/components/ui/error-view'

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
        <ErrorView error={error} title="This page could not be loaded" onRetry={() => void router.invalidate()} />
      )}
      <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-300">
        <Link to="/zones" className="font-medium text-blue-700 hover:underline dark:text-blue-300">
          Back to your zones
        </Link>
      </p>
    </div>
  )
}
