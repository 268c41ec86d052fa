import { describe, expect, it } from 'vitest'
import { cn } from './format'

describe('cn', () => {
  it('lets a later Tailwind class override an earlier one of the same kind', () => {
    expect(cn('text-zinc-700 hover:bg-zinc-100', 'text-red-700')).toBe('hover:bg-zinc-100 text-red-700')
    expect(cn('px-3 py-2', false, undefined, 'px-2')).toBe('py-2 px-2')
    expect(cn('text-sm text-zinc-700 dark:text-zinc-200', 'text-red-700 dark:text-red-400')).toBe('text-sm text-red-700 dark:text-red-400')
    expect(cn('rounded-md bg-white', 'rounded bg-blue-600/50')).toBe('rounded bg-blue-600/50')
    expect(cn('p-4', 'px-2')).toBe('p-4 px-2') // px refines p: both stay, as in Tailwind
    expect(cn('px-2', 'p-4')).toBe('p-4')
  })
})
