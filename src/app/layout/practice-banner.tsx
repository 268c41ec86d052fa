import { useState } from 'react'
import { Link } from '@tanstack/react-router'
import { useMe } from '@/lib/access'
import { usePracticeActions } from '@/lib/practice'
import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from '@/lib/health'
import { PRACTICE_BANNER_TEXT, PRACTICE_BANNER_TEXT_SANDBOX } from '@/shared/practice'
import { ResetPracticeDialog } from '@/components/practice/reset-practice-dialog'
import { useToast } from '@/components/ui/toast'

const action =
  'rounded px-2 py-0.5 text-sm font-medium underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-white'

/** While this session practises: on every page, what that means, the checklist, back to live, and reset. */
export function PracticeBanner() {
  const me = useMe()
  const actions = usePracticeActions()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const sandbox = useQuery(healthQueryOptions()).data?.mode === 'sandbox'
  if (!me.data?.practice) return null
  return (
    <section
      aria-label="Practice mode"
      className="flex basis-full flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-violet-700 px-3 py-1.5 text-white"
    >
      <p className="text-sm font-semibold">{sandbox ? PRACTICE_BANNER_TEXT_SANDBOX : PRACTICE_BANNER_TEXT}</p>
      <span className="hidden text-sm text-violet-100 md:inline">
        (your own copy of the demo data; other people never see it)
      </span>
      <span className="ml-auto flex flex-wrap gap-1">
        <Link to="/practice" className={action}>
          Checklist
        </Link>
        <button type="button" className={action} onClick={() => setConfirming(true)}>
          Reset practice data
        </button>
        <button
          type="button"
          className={`${action} bg-white text-violet-800 hover:no-underline`}
          disabled={actions.pending !== null}
          onClick={() =>
            void actions.switchTo(false).catch((err: unknown) => toast.error(sandbox ? 'Could not stop practising' : 'Could not go back to live', err))
          }
        >
          {sandbox ? 'Stop practising' : 'Back to live'}
        </button>
      </span>
      <ResetPracticeDialog open={confirming} onClose={() => setConfirming(false)} />
    </section>
  )
}
