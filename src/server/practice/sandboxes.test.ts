import { describe, expect, it } from 'vitest'
import { createStore } from '../store'
import { practiceSandboxes, sharedPracticeSandboxes } from './sandboxes'

/** The practice copy cache never closes a copy with a request in flight. */
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

describe('shared practice copies in use', () => {
  it('never closes a copy with a request in flight, and writes of one person take turns', async () => {
    const store = createStore({ dataDir: ':memory:' })
    const sandboxes = sharedPracticeSandboxes(store.practiceCopies, { keepOpen: 1 })
    const ada = await sandboxes.enter('ada', true)
    // Bob's copy would push Ada's out (one kept open): it is in use, so it stays.
    const bob = await sandboxes.enter('bob', false)
    expect(() => ada.emulator.db.prepare('SELECT count(*) FROM zones').get()).not.toThrow()
    // A second write of Ada's waits for the first to end.
    let second: Awaited<ReturnType<typeof sandboxes.enter>> | undefined
    const waiting = sandboxes.enter('ada', true).then((e) => (second = e))
    await new Promise((r) => setTimeout(r, 100))
    expect(second).toBeUndefined()
    ada.emulator.db.prepare("UPDATE zones SET name = name WHERE 0").run()
    await ada.done()
    await waiting
    expect(second).toBeDefined()
    await second!.done()
    await bob.done()
    expect(await store.practiceCopies.version('ada')).toBeGreaterThan(0)
    sandboxes.close()
    await store.close()
  })
})
