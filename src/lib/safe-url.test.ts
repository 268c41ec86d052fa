import { describe, expect, it } from 'vitest'
import { safeHttpUrl } from './safe-url'

describe('safeHttpUrl', () => {
  it('accepts absolute http and https URLs', () => {
    expect(safeHttpUrl('https://cdn.example.com/a.js')).toBe('https://cdn.example.com/a.js')
    expect(safeHttpUrl(' HTTP://example.com ')).toBe('http://example.com/')
  })
  it('refuses script, data, relative and broken URLs', () => {
    for (const bad of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'data:text/html,<b>x</b>', '//evil.example', '/path', 'https://', '', null, undefined]) {
      expect(safeHttpUrl(bad), String(bad)).toBeUndefined()
    }
  })
})
