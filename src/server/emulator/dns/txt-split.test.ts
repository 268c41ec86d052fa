import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { normaliseTxtContent, txtPlainText } from '../../../shared/dns/txt'
import { call, createModuleEmulator, type ModuleEmulator } from '../../../testing/module-emulator'
import { SEED_ZONES } from '../seed-ids'
import { dnsModule } from './index'

/**
 * api-notes §3.7: strings over 255 bytes are split into several quoted strings. The sandbox saves
 * exactly what the shared normaliser (the form's "as it will be saved" preview) shows.
 */
let em: ModuleEmulator
beforeAll(() => {
  em = createModuleEmulator([dnsModule])
}, 60_000) // seeding takes a few seconds on a busy machine
afterAll(() => em.close())

const path = `/zones/${SEED_ZONES.moved.id}/dns_records`
const preview = (c: string) => {
  const r = normaliseTxtContent(c)
  if (!r.ok) throw new Error(r.message)
  return r.content
}
const strings = (content: string) => content.match(/"(?:\\[\s\S]|[^"\\])*"/g)!.map((s) => s.slice(1, -1))
const post = async (body: unknown) => {
  const r = await call(em.app, 'POST', path, body)
  expect(r.body.errors).toEqual([])
  return r.body.result as { id: string; content: string }
}

describe('TXT strings over 255 bytes are split when saved', () => {
  it('create: the saved content equals the preview, each string at most 255 bytes', async () => {
    const text = `v=DKIM1; k=rsa; p=${'Q'.repeat(580)}`
    const rec = await post({ type: 'TXT', name: 'dkim-long', content: text })
    expect(rec.content).toBe(preview(text))
    expect(strings(rec.content).map((s) => s.length)).toEqual([255, 255, 88])
    expect(txtPlainText(rec.content)).toBe(text)
  })

  it('PUT and PATCH split too; a long record can be re-saved unchanged', async () => {
    const rec = await post({ type: 'TXT', name: 'long-w', content: 'short' })
    const put = await call(em.app, 'PUT', `${path}/${rec.id}`, { type: 'TXT', name: 'long-w', content: `"${'ä'.repeat(200)}"` })
    expect(put.body.result.content).toBe(preview(`"${'ä'.repeat(200)}"`))
    expect(strings(put.body.result.content).map((s) => new TextEncoder().encode(s).length)).toEqual([254, 146])
    // Near the 2048 limit: 2000 characters are saved as 2023; changing only the comment still works.
    const big = await call(em.app, 'PATCH', `${path}/${rec.id}`, { content: 'n'.repeat(2000) })
    expect(big.body.result.content).toHaveLength(2023)
    const again = await call(em.app, 'PATCH', `${path}/${rec.id}`, { comment: 'only the comment' })
    expect(again.status, JSON.stringify(again.body.errors)).toBe(200)
    expect(again.body.result.content).toBe(big.body.result.content)
  })

  it('content that only passes 2048 once quoted and split is refused with the reason', async () => {
    const r = await call(em.app, 'POST', path, { type: 'TXT', name: 'too-long', content: 'm'.repeat(2030) })
    expect(r.status).toBe(400)
    expect(r.body.errors[0]).toMatchObject({ source: { pointer: '/content' }, message: expect.stringMatching(/as saved.*2053/) })
  })

  it('import: a long quoted string on a zone-file line is split the same way', async () => {
    const long = 'k'.repeat(300)
    const form = new FormData()
    form.set('file', new Blob([`$ORIGIN old-brand.net.\nsplit-me 300 IN TXT "${long}" "tail"\n`]), 'zone.txt')
    const res = await em.app.request(`${path}/import`, { method: 'POST', body: form })
    const body = (await res.json()) as { result: { added: { content: string }[]; refused: unknown[] } }
    expect(body.result.refused).toEqual([])
    expect(body.result.added[0].content).toBe(`"${'k'.repeat(255)}" "${'k'.repeat(45)}" "tail"`)
    expect(body.result.added[0].content).toBe(preview(`"${long}" "tail"`))
  })
})
