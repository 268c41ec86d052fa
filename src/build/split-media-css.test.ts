import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { classGroups, coUsedConflicts, splitWidthRules, widthRuleConflicts } from './split-media-css'

const ROOT = resolve(import.meta.dirname, '..', '..')

describe('splitting the width rules out of the utilities layer', () => {
  const css =
    '@layer theme,base,components,utilities;@layer base{h1{margin:0}}@layer utilities{.p-2{padding:2px}' +
    '@media (width>=40rem){.sm\\:p-4{padding:4px}}.hover\\:p-1:hover{padding:1px}@media (hover:hover){.x:hover{color:red}}' +
    '@media (width>=64rem){.lg\\:hidden{display:none}.lg\\:p-8{padding:8px}}.dark\\:p-3:where(.dark,.dark *){padding:3px}}' +
    '@property --tw-x{syntax:"*";inherits:false}'

  it('moves the width media blocks, in order, and leaves everything else where it was', () => {
    const split = splitWidthRules(css)
    expect(split.width).toBe('@media (width>=40rem){.sm\\:p-4{padding:4px}}@media (width>=64rem){.lg\\:hidden{display:none}.lg\\:p-8{padding:8px}}')
    expect(split.layered).toBe(
      '@layer theme,base,components,utilities;@layer base{h1{margin:0}}@layer utilities{.p-2{padding:2px}' +
        '.hover\\:p-1:hover{padding:1px}@media (hover:hover){.x:hover{color:red}}.dark\\:p-3:where(.dark,.dark *){padding:3px}}' +
        '@property --tw-x{syntax:"*";inherits:false}',
    )
    expect(split.moved.map((m) => m.selector)).toEqual(['.sm\\:p-4', '.lg\\:hidden', '.lg\\:p-8'])
  })

  it('refuses a rule that is more than one class (it could not leave its layer safely)', () => {
    expect(() => splitWidthRules('@layer utilities{@media (width>=40rem){.group:hover .sm\\:x{color:red}}}')).toThrow(/not a single class/)
  })

  it('names the rules that could beat a width rule before the split and no longer can', () => {
    const pairs = widthRuleConflicts(css).map((c) => `${c.moved} ${c.other} ${c.property}`)
    // .dark:p-3 came later; .hover:p-1 is more specific; .p-2 came earlier with the same weight: no conflict.
    expect(pairs.sort()).toEqual(
      ['sm:p-4 hover:p-1 padding', 'sm:p-4 dark:p-3 padding', 'lg:p-8 hover:p-1 padding', 'lg:p-8 dark:p-3 padding'].sort(),
    )
  })
})

describe('the app keeps no width class beside a class that could beat it', () => {
  it('finds such a pair written together, and passes the app as it is', () => {
    const css = '@layer utilities{@media (width>=48rem){.md\\:py-8{padding-block:2rem}}.compact\\:py-1:where([data-density=compact] *){padding-block:.25rem}}'
    expect(coUsedConflicts(css, [['px-4', 'md:py-8', 'compact:py-1']])).toEqual(['md:py-8 with compact:py-1 (padding-block)'])
    expect(coUsedConflicts(css, [['md:py-8'], ['compact:py-1']])).toEqual([])
    expect(classGroups(ROOT).length).toBeGreaterThan(1000)
  })
})
