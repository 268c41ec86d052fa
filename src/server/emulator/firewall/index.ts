import type { EmulatorModule } from '../module'
import { firewallHandlers } from './routes'
import { registerFirewallWriteRoutes } from './write-routes'
import { seedFirewall } from './seed'

/** Zone firewall rules (deprecated API, kept for clean-up): list, read, delete one or many. */
export const firewallModule: EmulatorModule = {
  name: 'firewall',
  schema: `
    CREATE TABLE IF NOT EXISTS firewall_filters (
      id TEXT PRIMARY KEY,
      zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
      expression TEXT NOT NULL,
      paused INTEGER NOT NULL DEFAULT 0,
      description TEXT,
      ref TEXT
    );
    CREATE TABLE IF NOT EXISTS firewall_rules (
      id TEXT PRIMARY KEY,
      zone_id TEXT NOT NULL REFERENCES zones(id) ON DELETE CASCADE,
      action TEXT NOT NULL,
      paused INTEGER NOT NULL DEFAULT 0,
      description TEXT,
      priority INTEGER,
      products TEXT,
      ref TEXT,
      filter_id TEXT NOT NULL,
      created_on TEXT NOT NULL,
      modified_on TEXT NOT NULL
    );
    CREATE INDEX IF NOT EXISTS firewall_rules_zone ON firewall_rules(zone_id, priority);
  `,
  tables: ['firewall_rules', 'firewall_filters'],
  seed: seedFirewall,
  handlers: firewallHandlers,
  // Only API clients (/client/v4) use these: create, replace and edit rules.
  register: registerFirewallWriteRoutes,
}
