import { Spinner } from '@/components/ui/spinner'

/** The words of ./preparing-notice, loaded only when a zone is being prepared (out of the shell). */
export function PreparingBanner({ name }: { name: string }) {
  return (
    <p
      role="status"
      className="mb-4 flex items-center gap-2 rounded-md border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-900 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      <Spinner size="sm" label="" />
      <span>
        <strong>{name}</strong> is being prepared: the sandbox is writing its demo data (a few seconds after the first start). Its
        lists appear as soon as it is done.
      </span>
    </p>
  )
}
