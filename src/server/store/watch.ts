import type { Selectable } from 'kysely'
import type { Db } from './db'
import { storeLease } from './lease'
import type { WatchChannelsTable, WatchDeliveriesTable, WatchFindingsTable, WatchRunsTable, WatchZonesTable } from './watch-schema'

export type WatchZone = WatchZonesTable
export type WatchChannel = WatchChannelsTable
export type WatchRun = Omit<WatchRunsTable, 'id'> & { id: number }
export type WatchDelivery = Omit<WatchDeliveriesTable, 'id'> & { id: number }
export type WatchFinding = Selectable<WatchFindingsTable>
export type NewFinding = Omit<WatchFinding, 'id'>

export const DEFAULT_INTERVAL_MINUTES = 60

/**
 * The script watch's state. Every decision two instances could both make is taken by
 * the store in one statement: the lease (conditional upsert), a zone's due check (conditional
 * update of its next due time), a finding (unique key), a delivery (unique per finding and channel)
 * and each delivery attempt (conditional update of its next attempt time).
 */
export function watchStore(db: () => Promise<Db>, now: () => number) {
  // The store's one lease (lease.ts), a row of watch_lease per name.
  const lease = storeLease(db, now, { table: 'watch_lease', key: 'name', holder: 'holder', until: 'expires_at', insert: () => ({}) })
  return {
    /** Takes or renews the lease `name` for `holder`; true when `holder` holds it afterwards. */
    acquireLease: (name: string, holder: string, ttlMs: number): Promise<boolean> => lease.claim(name, holder, ttlMs, { reentrant: true }),
    /** Extends `holder`'s lease `name` while its work runs: false when it lapsed or is someone else's (then it stops). */
    renewLease: (name: string, holder: string, ttlMs: number): Promise<boolean> => lease.renew(name, holder, ttlMs),
    async releaseLease(name: string, holder: string): Promise<void> {
      await lease.release(name, holder)
    },
    async leaseHolder(name: string): Promise<{ holder: string; expires_at: number } | undefined> {
      const h = await lease.holder(name)
      return h && { holder: h.holder ?? '', expires_at: h.until ?? 0 }
    },

    /** Adds a zone with the defaults (due at once) unless it is known; keeps its name current. */
    async ensureZone(zoneId: string, zoneName: string): Promise<void> {
      const at = now()
      await (await db())
        .insertInto('watch_zones')
        .values({
          zone_id: zoneId,
          zone_name: zoneName,
          interval_minutes: DEFAULT_INTERVAL_MINUTES,
          enabled: 1,
          next_due_at: at,
          last_run_at: null,
          updated_at: at,
          updated_by: 'watch',
        })
        .onConflict((oc) => oc.column('zone_id').doNothing())
        .execute()
    },
    async zone(zoneId: string): Promise<WatchZone | undefined> {
      return (await db()).selectFrom('watch_zones').selectAll().where('zone_id', '=', zoneId).executeTakeFirst()
    },
    async setZone(zoneId: string, zoneName: string, s: { interval_minutes: number; enabled: boolean }, by: string): Promise<WatchZone> {
      const at = now()
      const d = await db()
      const next = at + s.interval_minutes * 60_000
      await d
        .insertInto('watch_zones')
        .values({
          zone_id: zoneId,
          zone_name: zoneName,
          interval_minutes: s.interval_minutes,
          enabled: +s.enabled,
          next_due_at: at,
          last_run_at: null,
          updated_at: at,
          updated_by: by,
        })
        .onConflict((oc) =>
          oc.column('zone_id').doUpdateSet({ interval_minutes: s.interval_minutes, enabled: +s.enabled, updated_at: at, updated_by: by }),
        )
        .execute()
      // A shorter interval takes effect now, not after the old one runs out.
      await d.updateTable('watch_zones').set({ next_due_at: next }).where('zone_id', '=', zoneId).where('next_due_at', '>', next).execute()
      return (await d.selectFrom('watch_zones').selectAll().where('zone_id', '=', zoneId).executeTakeFirstOrThrow())
    },
    async dueZones(): Promise<WatchZone[]> {
      return (await db()).selectFrom('watch_zones').selectAll().where('enabled', '=', 1).where('next_due_at', '<=', now()).orderBy('next_due_at').execute()
    },
    /** Moves a due zone's next check on; true for the one caller whose update found it still due at `seenDue`. */
    async claimZone(zoneId: string, seenDue: number, nextDue: number): Promise<boolean> {
      const r = await (await db())
        .updateTable('watch_zones')
        .set({ next_due_at: nextDue, last_run_at: now() })
        .where('zone_id', '=', zoneId)
        .where('next_due_at', '=', seenDue)
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },

    /** Makes a zone's next check due now. */
    async makeDue(zoneId: string): Promise<void> {
      await (await db()).updateTable('watch_zones').set({ next_due_at: now() }).where('zone_id', '=', zoneId).execute()
    },

    async channels(zoneId: string): Promise<WatchChannel[]> {
      return (await db()).selectFrom('watch_channels').selectAll().where('zone_id', '=', zoneId).orderBy('created_at').execute()
    },
    async addChannel(channel: WatchChannel): Promise<void> {
      await (await db()).insertInto('watch_channels').values(channel).execute()
    },
    async removeChannel(zoneId: string, id: string): Promise<boolean> {
      const r = await (await db()).deleteFrom('watch_channels').where('zone_id', '=', zoneId).where('id', '=', id).executeTakeFirst()
      return r.numDeletedRows > 0n
    },
    async channel(id: string): Promise<WatchChannel | undefined> {
      return (await db()).selectFrom('watch_channels').selectAll().where('id', '=', id).executeTakeFirst()
    },

    async state(zoneId: string): Promise<{ item_kind: string; item_id: string; seen: string }[]> {
      return (await db()).selectFrom('watch_state').select(['item_kind', 'item_id', 'seen']).where('zone_id', '=', zoneId).execute()
    },
    /** Replaces what was seen of one zone (after a check), in one transaction. */
    async replaceState(zoneId: string, items: { item_kind: string; item_id: string; seen: string }[]): Promise<void> {
      const at = now()
      await (await db()).transaction().execute(async (tx) => {
        await tx.deleteFrom('watch_state').where('zone_id', '=', zoneId).execute()
        for (let i = 0; i < items.length; i += 200) {
          const slice = items.slice(i, i + 200).map((it) => ({ ...it, zone_id: zoneId, updated_at: at }))
          await tx.insertInto('watch_state').values(slice).execute()
        }
      })
    },

    async startRun(run: Omit<WatchRun, 'id'>): Promise<number> {
      const r = await (await db()).insertInto('watch_runs').values(run).returning('id').executeTakeFirstOrThrow()
      return r.id
    },
    async finishRun(id: number, set: Pick<WatchRun, 'outcome' | 'scripts_seen' | 'connections_seen' | 'findings' | 'error'>): Promise<void> {
      await (await db()).updateTable('watch_runs').set({ ...set, finished_at: now() }).where('id', '=', id).execute()
    },
    async runs(zoneId: string, from: number, to: number): Promise<WatchRun[]> {
      return (await db())
        .selectFrom('watch_runs')
        .selectAll()
        .where('zone_id', '=', zoneId)
        .where('started_at', '>=', from)
        .where('started_at', '<', to)
        .orderBy('started_at')
        .orderBy('id')
        .execute()
    },
    /** The last run before `at` (the report measures the first gap from it). */
    async runBefore(zoneId: string, at: number): Promise<WatchRun | undefined> {
      return (await db())
        .selectFrom('watch_runs')
        .selectAll()
        .where('zone_id', '=', zoneId)
        .where('started_at', '<', at)
        .orderBy('started_at', 'desc')
        .limit(1)
        .executeTakeFirst()
    },
    async recentRuns(zoneId: string, limit: number): Promise<WatchRun[]> {
      return (await db()).selectFrom('watch_runs').selectAll().where('zone_id', '=', zoneId).orderBy('id', 'desc').limit(limit).execute()
    },

    /** Records a finding unless one with its key exists; its id, or undefined when it was already there. */
    async addFinding(f: NewFinding): Promise<number | undefined> {
      const r = await (await db())
        .insertInto('watch_findings')
        .values(f)
        .onConflict((oc) => oc.column('dedupe_key').doNothing())
        .returning('id')
        .executeTakeFirst()
      return r?.id
    },
    async findings(zoneId: string, from: number, to: number, limit = 10_000): Promise<WatchFinding[]> {
      return (await db())
        .selectFrom('watch_findings')
        .selectAll()
        .where('zone_id', '=', zoneId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute()
    },
    async finding(id: number): Promise<WatchFinding | undefined> {
      return (await db()).selectFrom('watch_findings').selectAll().where('id', '=', id).executeTakeFirst()
    },
    async markRead(findingId: number, personKey: string): Promise<void> {
      await (await db())
        .insertInto('watch_reads')
        .values({ finding_id: findingId, person_key: personKey, read_at: now() })
        .onConflict((oc) => oc.columns(['finding_id', 'person_key']).doNothing())
        .execute()
    },
    async reads(personKey: string, findingIds: number[]): Promise<Map<number, number>> {
      if (findingIds.length === 0) return new Map()
      const rows = await (await db())
        .selectFrom('watch_reads')
        .select(['finding_id', 'read_at'])
        .where('person_key', '=', personKey)
        .where('finding_id', 'in', findingIds)
        .execute()
      return new Map(rows.map((r) => [r.finding_id, r.read_at]))
    },

    /** Queues one delivery of a finding to a channel (once: unique per finding and channel). */
    async queueDelivery(findingId: number, channel: WatchChannel): Promise<void> {
      const at = now()
      await (await db())
        .insertInto('watch_deliveries')
        .values({
          finding_id: findingId,
          channel_id: channel.id,
          channel_kind: channel.kind,
          channel_target: channel.target,
          status: 'pending',
          attempts: 0,
          next_attempt_at: at,
          last_error: null,
          sent_at: null,
          created_at: at,
        })
        .onConflict((oc) => oc.columns(['finding_id', 'channel_id']).doNothing())
        .execute()
    },
    async dueDeliveries(limit = 50): Promise<WatchDelivery[]> {
      return (await db())
        .selectFrom('watch_deliveries')
        .selectAll()
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now())
        .orderBy('next_attempt_at')
        .limit(limit)
        .execute()
    },
    /** Takes one attempt of a delivery (pushes its next attempt past `holdMs`); true for the one caller that got it. */
    async claimAttempt(d: WatchDelivery, holdMs: number): Promise<boolean> {
      const r = await (await db())
        .updateTable('watch_deliveries')
        .set({ next_attempt_at: now() + holdMs, attempts: d.attempts + 1 })
        .where('id', '=', d.id)
        .where('status', '=', 'pending')
        .where('attempts', '=', d.attempts)
        .executeTakeFirst()
      return r.numUpdatedRows > 0n
    },
    async deliveryOutcome(id: number, set: { status: 'pending' | 'sent' | 'failed'; last_error?: string; next_attempt_at?: number }): Promise<void> {
      await (await db())
        .updateTable('watch_deliveries')
        .set({ ...set, ...(set.status === 'sent' ? { sent_at: now() } : {}) })
        .where('id', '=', id)
        .execute()
    },
    async deliveries(findingIds: number[]): Promise<WatchDelivery[]> {
      if (findingIds.length === 0) return []
      const out: WatchDelivery[] = []
      for (let i = 0; i < findingIds.length; i += 500) {
        out.push(
          ...(await (await db())
            .selectFrom('watch_deliveries')
            .selectAll()
            .where('finding_id', 'in', findingIds.slice(i, i + 500))
            .orderBy('id')
            .execute()),
        )
      }
      return out
    },
  }
}
