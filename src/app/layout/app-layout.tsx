import { Outlet } from '@tanstack/react-router'
import { SandboxControls } from './sandbox-controls'
import { SideNav } from './side-nav'
import { ThemeSwitch } from './theme-switch'
import { ZoneSwitcher } from './zone-switcher'

function Brand() {
  return (
    <div className="flex items-center gap-2 px-4 py-4">
      <svg className="size-7 text-blue-600 dark:text-blue-400" viewBox="0 0 32 32" fill="none" aria-hidden="true">
        <rect x="2" y="2" width="28" height="28" rx="7" fill="currentColor" />
        <path d="M10 11h12l-12 10h12" stroke="white" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-lg font-semibold tracking-tight text-zinc-900 dark:text-zinc-50">Zonekeeper</span>
    </div>
  )
}

/** The dashboard frame: skip link, navigation, top bar, and the current page in <main>. */
export function AppLayout() {
  return (
    <div className="min-h-screen bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-blue-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <div className="flex min-h-screen flex-col md:flex-row">
        <aside className="shrink-0 border-b border-zinc-200 bg-white md:sticky md:top-0 md:h-screen md:w-60 md:overflow-y-auto md:border-r md:border-b-0 dark:border-zinc-800 dark:bg-zinc-900">
          <Brand />
          <SideNav />
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="sticky top-0 z-30 flex flex-wrap items-center gap-3 border-b border-zinc-200 bg-white/90 px-4 py-2.5 backdrop-blur md:px-6 dark:border-zinc-800 dark:bg-zinc-900/90">
            <ZoneSwitcher />
            <div className="ml-auto flex items-center gap-2">
              <SandboxControls />
              <ThemeSwitch />
            </div>
          </header>
          <main id="main-content" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none md:px-8 md:py-8">
            <Outlet />
          </main>
        </div>
      </div>
    </div>
  )
}
