import { sql, type Kysely, type Migration } from 'kysely'
import { entryHash, GENESIS } from './audit-chain'
import type { Dialect } from './dialect'
import { labelOf } from '../../shared/audit-label'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

const BATCH = 50

/**
 * The tamper-evident chain, undo reservations, the token an entry was made with and the
 * name of its object.
 * - `audit_log` gains `label`, `token_prefix`, `prev_hash` and `hash`; every existing entry gets its
 *   label (from its before and after) and is chained, oldest first.
 * - `audit_chain`: one row, the chain's head (hash and id of the newest entry) and its anchor (the
 *   last entry retention pruned: where the remaining chain starts). Appends lock it.
 * - `audit_chain_checkpoints`: one row per pruning.
 * - `audit_undo`: one row per undone entry (its primary key is what makes an undo happen once).
 */
export function auditChainMigration(dialect: Dialect): Migration {
  const serial = dialect === 'postgres' ? sql`serial` : sql`integer`
  const bigint = sql`bigint`
  return {
    async up(db: AnyDb) {
      for (const column of ['label', 'token_prefix', 'prev_hash', 'hash']) {
        await db.schema.alterTable('audit_log').addColumn(column, 'text').execute()
      }
      await db.schema
        .createTable('audit_chain')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('last_id', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('anchor_id', 'integer', (c) => c.notNull())
        .addColumn('anchor_hash', 'text', (c) => c.notNull())
        .addColumn('appends', bigint, (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('audit_chain_checkpoints')
        .addColumn('id', serial, (c) => (dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement()))
        .addColumn('at', bigint, (c) => c.notNull())
        .addColumn('through_id', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('removed', 'integer', (c) => c.notNull())
        .execute()
      await db.schema
        .createTable('audit_undo')
        .addColumn('entry_id', 'integer', (c) => c.primaryKey())
        .addColumn('at', bigint, (c) => c.notNull())
        .addColumn('person_id', 'text')
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('person_name', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('undo_entry_id', 'integer')
        .execute()

      // Existing entries: named and chained in id order.
      let prev = GENESIS
      let lastId = 0
      for (;;) {
        const rows = await db.selectFrom('audit_log').selectAll().where('id', '>', lastId).orderBy('id').limit(BATCH).execute()
        if (!rows.length) break
        for (const row of rows) {
          const label = labelOf(row.resource_type, parse(row.before), parse(row.after))
          const hash = entryHash(prev, { ...row, label, token_prefix: null, prev_hash: prev })
          await db.updateTable('audit_log').set({ label, prev_hash: prev, hash }).where('id', '=', row.id).execute()
          prev = hash
          lastId = Number(row.id)
        }
      }
      await db.insertInto('audit_chain').values({ id: 1, last_id: lastId, hash: prev, anchor_id: 0, anchor_hash: GENESIS, appends: 0 }).execute()
      // Undos made before: the first successful undo of each entry.
      const undone = await db
        .selectFrom('audit_log')
        .select(['undo_of', 'at', 'person_id', 'username', 'person_name', 'id'])
        .where('undo_of', 'is not', null)
        .where('outcome', '=', 'success')
        .orderBy('id')
        .execute()
      const seen = new Set<number>()
      for (const u of undone) {
        if (seen.has(Number(u.undo_of))) continue
        seen.add(Number(u.undo_of))
        await db
          .insertInto('audit_undo')
          .values({ entry_id: u.undo_of, at: u.at, person_id: u.person_id, username: u.username, person_name: u.person_name, state: 'done', undo_entry_id: u.id })
          .execute()
      }
    },
  }
}

function parse(text: unknown): unknown {
  if (typeof text !== 'string') return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}
