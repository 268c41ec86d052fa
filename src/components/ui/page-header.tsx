import { createContext, useContext, type ReactNode } from 'react'

/**
 * What an area layout adds to every page header inside it: a default eyebrow (the zone name) and
 * what goes right under the title (the area's tabs), so the title always comes first.
 */
export const PageHeaderExtras = createContext<{ eyebrow?: ReactNode; below?: ReactNode }>({})

/** Page title with one plain sentence saying what this page is for, and the page's main actions. */
export function PageHeader({ title, description, actions, eyebrow: own }: { title: ReactNode; description: ReactNode; actions?: ReactNode; eyebrow?: ReactNode }) {
  const extras = useContext(PageHeaderExtras)
  const eyebrow = own ?? extras.eyebrow
  return (
    <>
      <header className={extras.below ? 'mb-4 flex flex-wrap items-start justify-between gap-4' : 'mb-6 flex flex-wrap items-start justify-between gap-4'}>
        <div className="min-w-0 max-w-3xl">
          {eyebrow && <div className="mb-1 text-sm text-zinc-600 dark:text-zinc-400">{eyebrow}</div>}
          <h1 className="text-2xl font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">{title}</h1>
          <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-300">{description}</p>
        </div>
        {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
      </header>
      {extras.below}
    </>
  )
}

/** A bordered panel for grouping content on a page. */
export function Card({ title, description, children, actions, className }: { title?: ReactNode; description?: ReactNode; children: ReactNode; actions?: ReactNode; className?: string }) {
  return (
    <section className={`rounded-lg border border-zinc-200 bg-white shadow-sm dark:border-zinc-700 dark:bg-zinc-900 ${className ?? ''}`}>
      {(title || actions) && (
        <div className="flex items-start justify-between gap-3 border-b border-zinc-200 px-4 py-3 dark:border-zinc-700">
          <div>
            {title && <h2 className="text-base font-semibold text-zinc-900 dark:text-zinc-50">{title}</h2>}
            {description && <p className="mt-0.5 text-sm text-zinc-600 dark:text-zinc-300">{description}</p>}
          </div>
          {actions}
        </div>
      )}
      <div className="p-4">{children}</div>
    </section>
  )
}
