import { seedRecords } from '../dns/seed'
import { ensureSoa } from '../dns/soa'
import { rng } from '../ids'
import type { EmulatorModule, SeedContext } from '../module'
import { FREE_PLAN, PRO_PLAN } from '../zones/seed'
import { ESTATE_ACCOUNTS, ESTATE_ZONES } from './data'
import { estateHandlers } from './routes'

/** The agency's accounts and their zones (a handful of records each), after every other area's seed. */
function seedEstate({ db, now }: SeedContext): void {
  const t = now()
  const stamp = (days: number) => new Date(t.getTime() - days * 86_400_000).toISOString()
  const addAccount = db.prepare('INSERT OR IGNORE INTO accounts (id, name) VALUES (?, ?)')
  for (const a of Object.values(ESTATE_ACCOUNTS)) addAccount.run(a.id, a.name)
  const addZone = db.prepare(`INSERT OR IGNORE INTO zones
    (id, name, status, type, paused, account_id, plan, name_servers, original_name_servers, original_registrar,
     original_dnshost, development_mode, created_on, modified_on, activated_on)
    VALUES (?, ?, ?, 'full', 0, ?, ?, ?, NULL, NULL, NULL, 0, ?, ?, ?)`)
  // Its own sequence: the other areas' seeded data stays exactly as it was.
  const random = rng(20261129)
  ESTATE_ZONES.forEach((z, i) => {
    const created = 60 + i * 45
    const ns = JSON.stringify(['nora.ns.cloudflare.com', 'walt.ns.cloudflare.com'])
    const plan = JSON.stringify(z.plan === 'pro' ? PRO_PLAN : FREE_PLAN)
    addZone.run(z.id, z.name, z.status, z.account.id, plan, ns, stamp(created), stamp(5), z.status === 'active' ? stamp(created - 1) : null)
    const ref = { id: z.id, name: z.name, account_id: z.account.id, status: z.status }
    ensureSoa(db, ref, t.toISOString())
    seedRecords(db, ref, z.records, random, t)
  })
}

/**
 * An agency's estate (estate/data.ts) and what a credential reaches: the accounts endpoints and the
 * token checks. Which zones and accounts a request may touch is decided once, before every request
 * (reach.ts, called by the emulator's own step in ../index.ts).
 */
export const estateModule: EmulatorModule = {
  name: 'estate',
  schema: '',
  // Its rows are in the zones, accounts and DNS tables, emptied by their own modules.
  tables: [],
  seed: seedEstate,
  handlers: estateHandlers,
}
