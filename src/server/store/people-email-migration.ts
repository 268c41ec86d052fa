import { sql, type Kysely, type Migration } from 'kysely'

/**
 * A person's e-mail address on the person (people.email), the one place mail to them reads: it was
 * kept beside the "may propose" switch (change_request_people.email), set by administrators there
 * or with the command line, so existing addresses are carried over as an administrator's, and the
 * old column goes (nothing reads or writes it).
 */
export function peopleEmailMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema.alterTable('people').addColumn('email', 'text').execute()
      await db.schema.alterTable('people').addColumn('email_source', 'text').execute()
      await sql`update people set email = (select c.email from change_request_people c where c.person_id = people.id), email_source = 'admin'
        where exists (select 1 from change_request_people c where c.person_id = people.id and c.email is not null)`.execute(db)
      await db.schema.alterTable('change_request_people').dropColumn('email').execute()
    },
  }
}
