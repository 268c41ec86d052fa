import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { SPA_ROUTES } from '@/shared/spa-routes'
import { createAppRouter } from './router'

describe('the server knows every page path of the router', () => {
  it('lists exactly the routes of the route tree (add a new route to src/shared/spa-routes.ts)', () => {
    const router = createAppRouter(new QueryClient())
    const paths = Object.keys(router.routesByPath).map((p) => (p.length > 1 ? p.replace(/\/$/, '') : p))
    expect([...new Set(paths)].sort()).toEqual([...SPA_ROUTES].sort())
  })
})
