import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { withStatementCache } from './db'

describe('the SQLite store keeps its prepared statements', () => {
  it('hands out the same statement for the same SQL, and a fresh one while it is still being iterated', () => {
    const raw = new Database(':memory:')
    raw.exec('CREATE TABLE t (n INTEGER); INSERT INTO t VALUES (1), (2), (3)')
    const db = withStatementCache(raw)
    const a = db.prepare('SELECT n FROM t ORDER BY n')
    expect(db.prepare('SELECT n FROM t ORDER BY n')).toBe(a)
    const it = a.iterate([])
    it.next()
    // `a` is busy: running it again would throw, so another statement is prepared.
    const b = db.prepare('SELECT n FROM t ORDER BY n')
    expect(b).not.toBe(a)
    expect(b.all([])).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }])
    it.return?.()
    db.close()
  })

  it('keeps at most `size` statements, dropping the least recently used', () => {
    const raw = new Database(':memory:')
    const db = withStatementCache(raw, 2)
    const one = db.prepare('SELECT 1')
    const two = db.prepare('SELECT 2')
    expect(db.prepare('SELECT 1')).toBe(one) // used again: now the most recent
    db.prepare('SELECT 3') // drops SELECT 2
    expect(db.prepare('SELECT 1')).toBe(one)
    expect(db.prepare('SELECT 2')).not.toBe(two)
    db.close()
  })
})
