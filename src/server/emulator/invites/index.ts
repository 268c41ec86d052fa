import type { EmulatorModule } from '../module'
import { inviteHandlers } from './routes'
import { seedInvites } from './seed'

/** Invites the calling user received to join other organisations: list, read, accept or decline. */
export const invitesModule: EmulatorModule = {
  name: 'invites',
  schema: `
    CREATE TABLE IF NOT EXISTS user_invites (
      id TEXT PRIMARY KEY,
      user_id TEXT NOT NULL,
      invited_member_id TEXT,
      invited_member_email TEXT NOT NULL,
      organization_id TEXT NOT NULL,
      organization_name TEXT NOT NULL,
      organization_is_enforcing_twofactor INTEGER NOT NULL DEFAULT 0,
      invited_by TEXT NOT NULL,
      invited_on TEXT NOT NULL,
      expires_on TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('pending', 'accepted', 'rejected')),
      roles TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS user_invites_user ON user_invites(user_id, invited_on);
  `,
  tables: ['user_invites'],
  seed: seedInvites,
  // Every invite route the sandbox has is one the dashboard uses: all in the table.
  handlers: inviteHandlers,
}
