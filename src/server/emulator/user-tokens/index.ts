import type { EmulatorModule } from '../module'
import { registerUserTokenRoutes } from './routes'
import { seedUserTokens } from './store'

/** API tokens of the calling user (`/user/tokens`): list, create, read, replace, delete. */
export const userTokensModule: EmulatorModule = {
  name: 'user-tokens',
  schema: `
    CREATE TABLE IF NOT EXISTS user_tokens (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      status TEXT NOT NULL,
      policies TEXT NOT NULL,
      condition TEXT,
      not_before TEXT,
      expires_on TEXT,
      issued_on TEXT NOT NULL,
      modified_on TEXT NOT NULL,
      last_used_on TEXT
    );
  `,
  tables: ['user_tokens'],
  seed: seedUserTokens,
  // Only API clients (/client/v4) use these: the dashboard does not manage API tokens through the API.
  register: registerUserTokenRoutes,
}
