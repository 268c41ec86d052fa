import { describe, expect, it } from 'vitest'
import { importHeadline } from './import-headline'

const refused = (n: number) => Array.from({ length: n }, (_, i) => ({ line: i + 1, text: 'x', code: 1004, message: 'bad' }))

describe('importHeadline', () => {
  it('counts added and refused records against the records in the file', () => {
    expect(importHeadline({ recs_added: 2, total_records_parsed: 4, refused: refused(2) })).toBe('Added 2 of 4 records in the file; 2 refused.')
  })

  it('never says fewer records were in the file than were added and refused (unreadable lines count too)', () => {
    expect(importHeadline({ recs_added: 0, total_records_parsed: 2, refused: refused(4) })).toBe('Added 0 of 4 records in the file; 4 refused.')
  })

  it('says so when the file holds no record at all', () => {
    expect(importHeadline({ recs_added: 0, total_records_parsed: 0 })).toMatch(/^The file has no records to import\./)
  })

  it('works with a service that only sends the counts', () => {
    expect(importHeadline({ recs_added: 1, total_records_parsed: 1 })).toBe('Added 1 of 1 record in the file.')
  })
})
