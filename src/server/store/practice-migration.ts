import { sql, type Kysely, type Migration } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
type AnyDb = Kysely<any>

/** 0011: a session may be switched to its person's practice sandbox; off by default. */
export function practiceSessionsMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('sessions')
        .addColumn('practice', 'integer', (c) => c.notNull().defaultTo(0))
        .execute()
    },
  }
}

/**
 * 0012: the newcomer checklist, one row per person and task done. `person_key` is the person's id, or
 * `local` for the local administrator (nobody defined yet); no foreign key for that reason.
 */
export function checklistMigration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('checklist_progress')
        .addColumn('person_key', 'text', (c) => c.notNull())
        .addColumn('task', 'text', (c) => c.notNull())
        .addColumn('done_at', sql`bigint`, (c) => c.notNull())
        .addPrimaryKeyConstraint('checklist_progress_pk', ['person_key', 'task'])
        .execute()
    },
  }
}
