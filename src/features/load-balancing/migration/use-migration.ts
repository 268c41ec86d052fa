import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { POOLS_DEFAULT_PAGE_SIZE, type Pool } from '@/shared/schemas/load-balancing'
import type { MigrationOptions, MigrationState } from '@/shared/schemas/load-balancing-migration'
import { apiMigrationClient } from './api-client'
import { newMigrationState } from './plan'
import { extendPlan, isAbort, readAllPools, runMigration, type MigrationEvent } from './run-migration'
import { clearMigration, loadMigration, saveMigration } from './storage'

export type MigrationActivity =
  | { kind: 'idle' }
  | { kind: 'reading'; read: number; total: number }
  | { kind: 'running' }
  | { kind: 'cancelling' }

/**
 * The migration of one account: a draft plan (pools read, nothing changed yet), then a saved state
 * that is run, cancelled, resumed (also after a reload: it lives in localStorage) or discarded.
 * Mount it once per account (`key={accountId}` on the component using it).
 */
export function useMigration(accountId: string) {
  const queryClient = useQueryClient()
  const [state, setState] = useState<MigrationState | undefined>(() => loadMigration(accountId))
  const [draft, setDraft] = useState<Pool[] | undefined>()
  const [activity, setActivity] = useState<MigrationActivity>({ kind: 'idle' })
  const [events, setEvents] = useState<MigrationEvent[]>([])
  const [error, setError] = useState<unknown>()
  const controller = useRef<AbortController | undefined>(undefined)

  useEffect(() => {
    // Leaving or reloading the page cancels the run cleanly: the saved state then reads "paused",
    // not an error from the requests the browser cut off.
    const stop = () => controller.current?.abort()
    window.addEventListener('beforeunload', stop)
    window.addEventListener('pagehide', stop)
    return () => {
      window.removeEventListener('beforeunload', stop)
      window.removeEventListener('pagehide', stop)
      stop()
    }
  }, [])

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['lb-pools', accountId] })
    void queryClient.invalidateQueries({ queryKey: ['lb-policies', accountId] })
  }, [queryClient, accountId])

  /** Runs `work` with a fresh abort signal, turning a cancel into "paused" and other errors into `error`. */
  const guarded = useCallback(async (work: (signal: AbortSignal) => Promise<void>) => {
    const c = new AbortController()
    controller.current = c
    setError(undefined)
    try {
      await work(c.signal)
    } catch (err) {
      if (!isAbort(err)) setError(err)
    } finally {
      if (controller.current === c) controller.current = undefined
      setActivity({ kind: 'idle' })
    }
  }, [])

  const client = apiMigrationClient(accountId)
  const save = (s: MigrationState) => {
    saveMigration(s)
    setState(s)
  }
  const runWith = async (initial: MigrationState, signal: AbortSignal) => {
    setActivity({ kind: 'running' })
    try {
      await runMigration(initial, client, { signal, save, onEvent: (e) => setEvents((prev) => [...prev, e].slice(-200)) })
    } finally {
      refresh()
    }
  }
  const run = (initial: MigrationState) => guarded((signal) => runWith(initial, signal))

  return {
    state,
    draft,
    activity,
    events,
    error,
    /** Reads every pool (no change) to show the plan. */
    plan: () =>
      guarded(async (signal) => {
        setActivity({ kind: 'reading', read: 0, total: 0 })
        setDraft(await readAllPools(client, signal, (read, total) => setActivity({ kind: 'reading', read, total })))
      }),
    /** Saves the plan with the chosen options and runs it. */
    start: (pools: Pool[], options: MigrationOptions) => {
      const s = newMigrationState({ accountId, pools, options, pageSize: POOLS_DEFAULT_PAGE_SIZE, now: new Date() })
      save(s)
      setDraft(undefined)
      setEvents([])
      return run(s)
    },
    resume: () => (state ? run(state) : Promise.resolve()),
    /** Re-reads pools and policies, plans the uncovered addresses, and runs again. */
    coverAndContinue: () =>
      guarded(async (signal) => {
        if (!state) return
        setActivity({ kind: 'reading', read: 0, total: 0 })
        const pools = await readAllPools(client, signal, (read, total) => setActivity({ kind: 'reading', read, total }))
        const next = extendPlan(state, pools, await client.listPolicies(signal))
        save(next)
        await runWith(next, signal)
      }),
    cancel: () => {
      setActivity((a) => (a.kind === 'running' || a.kind === 'reading' ? { kind: 'cancelling' } : a))
      controller.current?.abort()
    },
    /** Forgets the saved migration (policies already created stay). */
    discard: () => {
      clearMigration(accountId)
      setState(undefined)
      setDraft(undefined)
      setEvents([])
      setError(undefined)
    },
    closeDraft: () => setDraft(undefined),
  }
}
export type MigrationController = ReturnType<typeof useMigration>
