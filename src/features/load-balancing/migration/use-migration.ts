import { useCallback, useEffect, useRef, useState } from 'react'
import { useQueryClient, partialMatchKey } from '@tanstack/react-query'
import type { Pool } from '@/shared/schemas/load-balancing'
import type { MigrationOptions, MigrationState } from '@/shared/schemas/load-balancing-migration'
import { dashboardStore } from './saved-migration'
import { keys } from '@/lib/query-keys'

export type MigrationActivity =
  { kind: 'idle' } | { kind: 'reading'; read: number; total: number } | { kind: 'running' } | { kind: 'cancelling' }

/** The migration engine (see engine.ts): loaded on first use, so the page's first load has no zod. */
const loadEngine = () => import('./engine')
type Engine = Awaited<ReturnType<typeof loadEngine>>

/**
 * The migration of one account: a draft plan (pools read, nothing changed yet), then a saved state
 * that is run, cancelled, resumed (after a reload, in another browser or on another instance: it
 * lives in the dashboard's store) or discarded. Every step is saved before the next one starts.
 * Mount it once per account (`key={accountId}` on the component using it).
 * `restoring` is true while the store is asked for a saved migration and it is read back and checked.
 */
export function useMigration(accountId: string) {
  const [store] = useState(dashboardStore)
  const queryClient = useQueryClient()
  const [restoring, setRestoring] = useState(true)
  const [state, setState] = useState<MigrationState | undefined>()
  const [draft, setDraft] = useState<Pool[] | undefined>()
  const [activity, setActivity] = useState<MigrationActivity>({ kind: 'idle' })
  const [error, setError] = useState<unknown>()
  const [notice, setNotice] = useState<string | undefined>()
  /** Seconds left while a call waits for the API's rate limit (null: not waiting). */
  const [waiting, setWaiting] = useState<number | null>(null)
  const controller = useRef<AbortController | undefined>(undefined)
  const stateRef = useRef<MigrationState | undefined>(undefined)
  useEffect(() => {
    stateRef.current = state
  }, [state])

  /** Re-reads pools and policies; a saved migration that no longer matches them is set aside. */
  const verify = useCallback(
    async (engine: Engine, saved: MigrationState): Promise<MigrationState | undefined> => {
      const client = engine.apiMigrationClient(accountId, setWaiting)
      const [pools, policies] = await Promise.all([engine.readAllPools(client), client.listPolicies()])
      const mismatch = engine.savedMigrationMismatch(saved, pools, policies)
      if (!mismatch) return saved
      await store.clear(accountId).catch(() => undefined) // set aside either way; the next load checks again
      setNotice(mismatch)
      return undefined
    },
    [accountId, store],
  )

  useEffect(() => {
    if (!restoring) return
    let live = true
    const asked = new AbortController()
    // Only a saved migration loads the engine (and zod); none is the common case.
    store
      .load(accountId, asked.signal)
      .then((raw) => (raw === undefined || raw === null ? undefined : loadEngine().then((engine) => ({ engine, raw }))))
      .then(
        async (found) => {
          if (!found) {
            if (live) setRestoring(false)
            return
          }
          const { engine, raw } = found
          const saved = engine.parseSavedMigration(accountId, raw)
          let checked = saved
          try {
            checked = saved && (await verify(engine, saved))
          } catch (err) {
            if (live) setError(err) // could not re-check: show the saved state with the error
          }
          if (!live) return
          setState(checked)
          setRestoring(false)
        },
        (err: unknown) => {
          if (!live) return
          setError(err)
          setRestoring(false)
        },
      )
    return () => {
      live = false
      asked.abort()
    }
  }, [accountId, restoring, verify, store])

  useEffect(
    () =>
      // When the pools are read again (a sandbox reset, a refresh), a saved migration is re-checked too.
      queryClient.getQueryCache().subscribe((e) => {
        if (e.type !== 'updated' || e.action.type !== 'success') return
        const saved = stateRef.current
        if (!partialMatchKey(e.query.queryKey, keys.lb.pools(accountId)) || !saved || controller.current) return
        loadEngine()
          .then((engine) => verify(engine, saved))
          .then((checked) => {
            if (!checked && stateRef.current === saved) setState(undefined)
          })
          .catch(() => undefined) // the next read checks again
      }),
    [queryClient, accountId, verify],
  )

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
    void queryClient.invalidateQueries({ queryKey: keys.lb.pools(accountId) })
    void queryClient.invalidateQueries({ queryKey: keys.lb.policies(accountId) })
  }, [queryClient, accountId])

  /**
   * Loads the engine and runs `work` with it and a fresh abort signal, turning a cancel into
   * "paused" and other errors (a failed load included) into `error`.
   */
  const guarded = useCallback(async (work: (engine: Engine, signal: AbortSignal) => Promise<void>) => {
    const c = new AbortController()
    controller.current = c
    setError(undefined)
    let engine: Engine | undefined
    try {
      engine = await loadEngine()
      await work(engine, c.signal)
    } catch (err) {
      if (!engine?.isAbort(err)) setError(err)
    } finally {
      if (controller.current === c) controller.current = undefined
      setActivity({ kind: 'idle' })
    }
  }, [])

  const save = async (s: MigrationState) => {
    setState(s)
    await store.save(s)
  }
  const runWith = async (engine: Engine, initial: MigrationState, signal: AbortSignal) => {
    setActivity({ kind: 'running' })
    try {
      await engine.runMigration(initial, engine.apiMigrationClient(accountId, setWaiting), { signal, save })
    } finally {
      refresh()
    }
  }
  const readPools = (engine: Engine, signal: AbortSignal) =>
    engine.readAllPools(engine.apiMigrationClient(accountId, setWaiting), signal, (read, total) =>
      setActivity({ kind: 'reading', read, total }),
    )

  return {
    restoring,
    state,
    draft,
    activity,
    waiting,
    error,
    /** Why a saved migration was set aside (it no longer matched the account), if it was. */
    notice,
    /** Reads every pool (no change) to show the plan. */
    plan: () => {
      setNotice(undefined)
      setActivity({ kind: 'reading', read: 0, total: 0 })
      return guarded(async (engine, signal) => setDraft(await readPools(engine, signal)))
    },
    /** Saves the plan with the chosen options and runs it. */
    start: (pools: Pool[], options: MigrationOptions) =>
      guarded(async (engine, signal) => {
        const s = engine.newMigrationState({
          accountId,
          pools,
          options,
          pageSize: engine.POOLS_DEFAULT_PAGE_SIZE,
          now: new Date(),
        })
        setDraft(undefined)
        await save(s)
        await runWith(engine, s, signal)
      }),
    resume: () => (state ? guarded((engine, signal) => runWith(engine, state, signal)) : Promise.resolve()),
    /** Re-reads pools and policies, plans the uncovered addresses, and runs again. */
    coverAndContinue: () => {
      if (!state) return Promise.resolve()
      setActivity({ kind: 'reading', read: 0, total: 0 })
      return guarded(async (engine, signal) => {
        const pools = await readPools(engine, signal)
        const next = engine.extendPlan(state, pools, await engine.apiMigrationClient(accountId, setWaiting).listPolicies(signal))
        await save(next)
        await runWith(engine, next, signal)
      })
    },
    cancel: () => {
      setActivity((a) => (a.kind === 'running' || a.kind === 'reading' ? { kind: 'cancelling' } : a))
      controller.current?.abort()
    },
    /** Forgets the saved migration in the store (policies already created stay). */
    discard: () =>
      guarded(async () => {
        await store.clear(accountId)
        setState(undefined)
        setDraft(undefined)
      }),
    closeDraft: () => setDraft(undefined),
  }
}
export type MigrationController = ReturnType<typeof useMigration>
