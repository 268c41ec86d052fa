import { describe, expect, it } from 'vitest'
import { practiceSandboxes } from './sandboxes'

/** Issue 23, item 9: the practice copy cache never closes a copy with a request in flight. */
describe('practice copies in use', () => {
  it('keeps a copy open while a request holds it, and closes it once idle and over the limit', () => {
    const sandboxes = practiceSandboxes(':memory:', 1)
    const release = sandboxes.hold('ada')
    const ada = sandboxes.of('ada')
    // Bob's first request would close Ada's copy (one kept open): it is in use, so it stays.
    const bob = sandboxes.of('bob')
    expect(() => ada.db.prepare('SELECT count(*) FROM zones').get()).not.toThrow()
    expect(() => bob.db.prepare('SELECT count(*) FROM zones').get()).not.toThrow()
    // Ada's request ends: now the least recently used idle copy goes.
    release()
    release() // twice is once
    expect(() => ada.db.prepare('SELECT count(*) FROM zones').get()).toThrow()
    expect(() => bob.db.prepare('SELECT count(*) FROM zones').get()).not.toThrow()
    sandboxes.close()
  })
})
