import type { EmulatorModule } from '../module'
import { registerAccountJobRoutes } from './account-routes'
import { migrateLogpush } from './migrate'
import { logpushHandlers, registerDatasetJobs } from './routes'
import { seedLogpushJobs } from './seed'

/** Log jobs of a zone (Logpush), the ownership challenge and the dataset field list. */
export const logpushModule: EmulatorModule = {
  name: 'logpush',
  schema: `
    -- AUTOINCREMENT: job ids are integers that are never reused, as on the real service.
    CREATE TABLE IF NOT EXISTS logpush_jobs (
      id INTEGER PRIMARY KEY AUTOINCREMENT,
      zone_id TEXT REFERENCES zones(id) ON DELETE CASCADE,
      account_id TEXT REFERENCES accounts(id) ON DELETE CASCADE,
      name TEXT,
      dataset TEXT,
      destination_conf TEXT NOT NULL,
      enabled INTEGER NOT NULL,
      kind TEXT NOT NULL DEFAULT '',
      filter TEXT,
      logpull_options TEXT,
      output_options TEXT,
      frequency TEXT,
      max_upload_bytes INTEGER,
      max_upload_records INTEGER,
      max_upload_interval_seconds INTEGER,
      last_complete TEXT,
      last_error TEXT,
      error_message TEXT
    );
    CREATE INDEX IF NOT EXISTS logpush_jobs_zone ON logpush_jobs(zone_id);
    CREATE TABLE IF NOT EXISTS logpush_ownership_challenges (
      zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
      destination_conf TEXT NOT NULL,
      token TEXT NOT NULL,
      expires_on TEXT NOT NULL,
      PRIMARY KEY (zone_id, destination_conf, token)
    );
  `,
  tables: ['logpush_ownership_challenges', 'logpush_jobs'],
  seed: (ctx) => {
    migrateLogpush(ctx.db)
    seedLogpushJobs(ctx)
  },
  // Only API clients (/client/v4) use these: an account's jobs, and a dataset's jobs.
  register: (app, ctx) => {
    migrateLogpush(ctx.db)
    registerAccountJobRoutes(app, ctx)
    registerDatasetJobs(app, ctx)
  },
  handlers: logpushHandlers,
}
