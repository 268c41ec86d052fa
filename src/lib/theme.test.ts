import { describe, expect, it } from 'vitest'
import { parseThemeChoice, resolveTheme } from './theme'

describe('theme', () => {
  it('follows the system unless a theme was chosen', () => {
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('dark', false)).toBe('dark')
  })
  it('reads only known stored values', () => {
    expect(parseThemeChoice('dark')).toBe('dark')
    expect(parseThemeChoice('light')).toBe('light')
    expect(parseThemeChoice('purple')).toBe('system')
    expect(parseThemeChoice(null)).toBe('system')
  })
})
