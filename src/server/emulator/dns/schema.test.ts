import { describe, expect, it } from 'vitest'
import { openDatabase } from '../db'
import { zonesModule } from '../zones'
import { dnsSchema, migrateDns } from './schema'

describe('migrateDns', () => {
  it('adds search_text to a sandbox file made before it existed, filled from the rows', () => {
    const db = openDatabase(':memory:')
    db.exec(zonesModule.schema)
    db.exec(dnsSchema.replace(",\n    search_text TEXT NOT NULL DEFAULT ''", ''))
    expect((db.prepare('PRAGMA table_info(dns_records)').all() as { name: string }[]).map((c) => c.name)).not.toContain(
      'search_text',
    )
    db.exec(`INSERT INTO accounts VALUES ('a', 'Acme'); INSERT INTO zones (id, name, status, account_id, plan, name_servers, created_on, modified_on)
      VALUES ('z', 'example.com', 'active', 'a', '{}', '[]', 't', 't');
      INSERT INTO dns_records (id, zone_id, type, name, content, comment, tags, created_on, modified_on)
      VALUES ('r', 'z', 'A', 'www.example.com', '192.0.2.1', 'Billing', '["team:pay"]', 't', 't')`)
    migrateDns(db)
    migrateDns(db)
    expect(db.prepare('SELECT search_text FROM dns_records').pluck().get()).toBe(
      'A www.example.com 192.0.2.1 Billing ["team:pay"]',
    )
    db.close()
  })
})
