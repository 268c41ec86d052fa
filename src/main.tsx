import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { Providers } from '@/app/providers'
import { createAppRouter, createQueryClient } from '@/app/router'
import { preloadErrorView } from '@/app/layout/route-error'
import { applyTheme, readThemeChoice } from '@/lib/theme'
import './styles.css'

applyTheme(readThemeChoice(), false)

const queryClient = createQueryClient()
const router = createAppRouter(queryClient)
// Match the URL and start the route loaders (and so the page's API requests) now, in this task,
// rather than after React's first render of the shell: the router's own mount then finds the load
// under way (or done) and does not start another.
router.load().catch(console.error)

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers queryClient={queryClient}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
)
preloadErrorView()
