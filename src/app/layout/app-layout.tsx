import { lazy, Suspense, useId, type Ref } from 'react'
import { Outlet } from '@tanstack/react-router'
import { useQuery } from '@tanstack/react-query'
import { healthQueryOptions } from '@/lib/health'
import { AccountMenu } from './account-menu'
import { useChangeDraft } from '@/lib/change-draft-store'
import { useMe } from '@/lib/access'
import { useWideLayout } from '@/lib/use-media-query'
import { PRACTICE_BANNER_TEXT, PRACTICE_BANNER_TEXT_SANDBOX } from '@/shared/practice-banner'
import { PreparingNotice } from './preparing-notice'
import { SandboxControls } from './sandbox-controls'
import { SideNav } from './side-nav'
import { useNavDrawer } from './use-nav-drawer'
import { DensitySwitch } from './density-switch'
import { ThemeSwitch } from './theme-switch'
import { ZoneSwitcher } from './zone-switcher'

// Only sessions that practise load the banner's actions (switch back, reset): the shell stays small.
// Its own chunk: most deployments reach one account, and then it shows nothing.
const AccountSwitcher = lazy(() => import('./account-switcher'))
const PracticeBanner = lazy(() => import('./practice-banner').then((m) => ({ default: m.PracticeBanner })))

// The change request being gathered: its code loads once it holds a change.
const ChangeTray = lazy(() => import('@/components/change-requests/change-tray').then((m) => ({ default: m.ChangeTray })))
function ChangeTraySlot() {
  if (!useChangeDraft()) return null
  return (
    <Suspense fallback={null}>
      <ChangeTray />
    </Suspense>
  )
}

/** The practice banner on every page while this session practises; its text shows at once. */
function PracticeSlot() {
  const sandbox = useQuery(healthQueryOptions()).data?.mode === 'sandbox'
  if (!useMe().data?.practice) return null
  return (
    <Suspense
      fallback={
        <p className="basis-full rounded-md bg-violet-700 px-3 py-1.5 text-sm font-semibold text-white">{sandbox ? PRACTICE_BANNER_TEXT_SANDBOX : PRACTICE_BANNER_TEXT}</p>
      }
    >
      <PracticeBanner />
    </Suspense>
  )
}

const TOP_BAR_CONTROLS_LABEL = 'Mode, display and account'

function TopBarControls() {
  return (
    <div className="ml-auto flex flex-wrap items-center justify-end gap-2">
      <SandboxControls />
      <DensitySwitch />
      <ThemeSwitch />
      <AccountMenu />
    </div>
  )
}

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

const asideBase = 'shrink-0 border-r border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900'
const asideWide = 'lg:sticky lg:top-0 lg:z-auto lg:block lg:h-screen lg:w-60 lg:max-w-none lg:overflow-y-auto lg:shadow-none'
// Below `lg` the navigation is hidden behind the Menu button; open, it is a drawer over the page.
const asideNarrow = 'hidden'
const asideDrawer = 'fixed inset-y-0 left-0 z-50 w-72 max-w-[85vw] overflow-y-auto shadow-xl'

interface MenuButtonProps {
  ref: Ref<HTMLButtonElement>
  open: boolean
  controls: string
  onClick: () => void
}

function MenuButton({ ref, open, controls, onClick }: MenuButtonProps) {
  return (
    <button
      ref={ref}
      type="button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={onClick}
      className="inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md border border-zinc-300 bg-white px-2.5 text-sm font-medium text-zinc-800 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 lg:hidden dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:hover:bg-zinc-700"
    >
      <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
        <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      Menu
    </button>
  )
}

/**
 * The dashboard frame: skip link, navigation, top bar, and the current page in <main>.
 * From `lg` the navigation is a side column; narrower, it opens as a drawer from the top bar's Menu button.
 */
export function AppLayout() {
  const { open, toggle, close, buttonRef, panelRef } = useNavDrawer()
  const navId = useId()
  const wide = useWideLayout()
  return (
    <div className="min-h-screen bg-zinc-50 text-zinc-900 dark:bg-zinc-950 dark:text-zinc-100">
      <a
        href="#main-content"
        inert={open}
        className="sr-only z-50 rounded-md bg-blue-600 px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {open && <div className="fixed inset-0 z-40 bg-zinc-950/50 lg:hidden" aria-hidden="true" />}
      <div className="flex min-h-screen">
        <aside
          id={navId}
          ref={panelRef}
          role={open ? 'dialog' : undefined}
          aria-modal={open || undefined}
          aria-label={open ? 'Menu' : undefined}
          className={`${asideBase} ${open ? asideDrawer : asideNarrow} ${asideWide}`}
        >
          <div className="flex items-center justify-between pr-2">
            <Brand />
            {open && (
              <button
                type="button"
                onClick={close}
                className="inline-flex size-8 items-center justify-center rounded-md text-zinc-600 hover:bg-zinc-100 hover:text-zinc-950 focus-visible:outline-2 focus-visible:outline-blue-600 lg:hidden dark:text-zinc-300 dark:hover:bg-zinc-800 dark:hover:text-white"
              >
                <svg className="size-4" viewBox="0 0 20 20" fill="none" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
                <span className="sr-only">Close menu</span>
              </button>
            )}
          </div>
          <SideNav onNavigate={close} />
        </aside>
        {/* While the drawer is open the page behind is inert: focus stays in the drawer, screen readers see only it. */}
        <div className="flex min-w-0 flex-1 flex-col" inert={open}>
          <header className="sticky top-0 z-30 flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-zinc-200 bg-white/90 px-4 py-2.5 backdrop-blur md:px-6 dark:border-zinc-800 dark:bg-zinc-900/90">
            <PracticeSlot />
            <MenuButton ref={buttonRef} open={open} controls={navId} onClick={toggle} />
            <div className="max-w-sm min-w-0 flex-1 basis-56">
              <ZoneSwitcher />
            </div>
            {wide && (
              <Suspense fallback={null}>
                <div className="max-w-xs min-w-0 flex-1 basis-48 empty:hidden">
                  <AccountSwitcher />
                </div>
              </Suspense>
            )}
            {wide && <TopBarControls />}
          </header>
          {/* On phones the sticky bar keeps one short row (menu and zone); the other controls scroll away with the page.
              Outside the sticky banner (whose parent bounds it), they are a landmark of their own, so that
              landmark navigation reaches them and nothing on the page is outside a landmark. */}
          {!wide && (
            <section aria-label={TOP_BAR_CONTROLS_LABEL} className="border-b border-zinc-200 bg-white px-4 py-2 dark:border-zinc-800 dark:bg-zinc-900">
              {/* The account switcher too: a second row in the sticky bar would take a phone's screen. */}
              <Suspense fallback={null}>
                <div className="mb-2 min-w-0 empty:hidden">
                  <AccountSwitcher />
                </div>
              </Suspense>
              <TopBarControls />
            </section>
          )}
          <main
            id="main-content"
            tabIndex={-1}
            className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 outline-none md:px-8 md:py-8"
          >
            <PreparingNotice />
            <Outlet />
            <ChangeTraySlot />
          </main>
        </div>
      </div>
    </div>
  )
}
