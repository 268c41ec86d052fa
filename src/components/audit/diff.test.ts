import { describe, expect, it } from 'vitest'
import { diffFields, showValue } from './diff'

describe('diffFields', () => {
  it('lists only the fields that changed, nested ones by path', () => {
    const before = { id: 'x', content: '192.0.2.1', ttl: 300, tags: ['a'], meta: { auto_added: false }, modified_on: '1' }
    const after = { id: 'x', content: '192.0.2.2', ttl: 300, tags: ['a', 'b'], meta: { auto_added: false }, modified_on: '2' }
    expect(diffFields(before, after)).toEqual([
      { field: 'content', before: '192.0.2.1', after: '192.0.2.2' },
      { field: 'tags', before: ['a'], after: ['a', 'b'] },
    ])
  })
  it('shows a creation and a deletion field by field', () => {
    expect(diffFields(null, { name: 'a' })).toEqual([{ field: 'name', before: undefined, after: 'a' }])
    expect(diffFields({ name: 'a' }, null)).toEqual([{ field: 'name', before: 'a', after: undefined }])
  })
  it('indexes lists of objects (ruleset rules)', () => {
    expect(diffFields({ rules: [{ expression: 'a' }] }, { rules: [{ expression: 'b' }] })).toEqual([{ field: 'rules[0].expression', before: 'a', after: 'b' }])
  })
  it('shows values as text', () => {
    expect([showValue(undefined), showValue(''), showValue(true), showValue(['a'])]).toEqual(['—', '(empty)', 'true', '["a"]'])
  })
})
