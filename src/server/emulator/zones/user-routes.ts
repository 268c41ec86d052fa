import type { Hono } from 'hono'
import { stableId } from '../ids'

/**
 * `GET /user/tokens/verify`, what many clients call first to check their token (api-notes §13.11).
 * The sandbox door has already accepted the credential (any well-formed one), so the token is active.
 */
export function registerUserRoutes(app: Hono): void {
  app.get('/user/tokens/verify', (c) =>
    c.json({
      result: { id: stableId('sandbox-token'), status: 'active' },
      success: true,
      errors: [],
      messages: [{ code: 10000, message: 'This API Token is valid and active', type: null }],
    }),
  )
}
