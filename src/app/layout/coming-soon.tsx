import { PageHeader } from '@/components/ui/page-header'

/** The honest placeholder for an area not built yet: what it will do, and no made-up data. */
export function ComingSoon({ title, description }: { title: string; description: string }) {
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="rounded-lg border border-dashed border-zinc-300 bg-white px-6 py-12 text-center dark:border-zinc-700 dark:bg-zinc-900">
        <p className="text-base font-semibold">Coming soon</p>
        <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">This part of the dashboard is being built. Nothing is shown here until it works with real data.</p>
      </div>
    </>
  )
}
