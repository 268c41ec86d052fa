import type { EmulatorModule } from '../module'
import { seedZones } from './seed'
import { zoneHandlers } from './routes'
import { registerZoneWriteRoutes } from './write-routes'

export const zonesModule: EmulatorModule = {
  name: 'zones',
  schema: `
    CREATE TABLE IF NOT EXISTS accounts (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL
    );
    CREATE TABLE IF NOT EXISTS zones (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL UNIQUE,
      status TEXT NOT NULL,
      type TEXT NOT NULL DEFAULT 'full',
      paused INTEGER NOT NULL DEFAULT 0,
      account_id TEXT NOT NULL REFERENCES accounts(id),
      plan TEXT NOT NULL,
      name_servers TEXT NOT NULL,
      original_name_servers TEXT,
      original_registrar TEXT,
      original_dnshost TEXT,
      development_mode INTEGER NOT NULL DEFAULT 0,
      created_on TEXT NOT NULL,
      modified_on TEXT NOT NULL,
      activated_on TEXT
    );
    CREATE INDEX IF NOT EXISTS zones_account ON zones(account_id);
  `,
  tables: ['zones', 'accounts'],
  seed: seedZones,
  handlers: zoneHandlers,
  // Only API clients (/client/v4) use these: zone create, edit and delete.
  register: registerZoneWriteRoutes,
}
