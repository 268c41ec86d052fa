import { createTailwindMerge } from 'tailwind-merge'

/*
 * tailwind-merge with only the class groups this dashboard overrides through cn() (colours, text
 * size, weight, padding, margin, rounding, display). The full default config costs ~8 KB gzip on
 * every page, which the 160 KB first-load budget cannot take; a group missing here is simply kept
 * as given (both classes stay), as plain joining did before.
 */

const COLOR = /^(inherit|current|transparent|black|white|[a-z]+-\d{2,3}(\/\d{1,3})?)$/
const isColor = (v: string) => COLOR.test(v)
const SPACING = /^(px|auto|\d+(\.\d+)?|\[.+\])$/
const isSpacing = (v: string) => SPACING.test(v)

export const mergeClasses = createTailwindMerge(() => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    'font-size': [{ text: ['xs', 'sm', 'base', 'lg', 'xl', '2xl', '3xl', '4xl'] }],
    'text-color': [{ text: [isColor] }],
    'bg-color': [{ bg: [isColor] }],
    'border-color': [{ border: [isColor] }],
    'font-weight': [{ font: ['normal', 'medium', 'semibold', 'bold'] }],
    rounded: [{ rounded: ['', 'none', 'sm', 'md', 'lg', 'xl', 'full'] }],
    display: ['block', 'inline-block', 'inline', 'flex', 'inline-flex', 'grid', 'hidden', 'contents'],
    p: [{ p: [isSpacing] }],
    px: [{ px: [isSpacing] }],
    py: [{ py: [isSpacing] }],
    pt: [{ pt: [isSpacing] }],
    pr: [{ pr: [isSpacing] }],
    pb: [{ pb: [isSpacing] }],
    pl: [{ pl: [isSpacing] }],
    m: [{ m: [isSpacing] }],
    mx: [{ mx: [isSpacing] }],
    my: [{ my: [isSpacing] }],
    mt: [{ mt: [isSpacing] }],
    mr: [{ mr: [isSpacing] }],
    mb: [{ mb: [isSpacing] }],
    ml: [{ ml: [isSpacing] }],
  },
  conflictingClassGroups: {
    p: ['px', 'py', 'pt', 'pr', 'pb', 'pl'],
    px: ['pr', 'pl'],
    py: ['pt', 'pb'],
    m: ['mx', 'my', 'mt', 'mr', 'mb', 'ml'],
    mx: ['mr', 'ml'],
    my: ['mt', 'mb'],
  },
  conflictingClassGroupModifiers: {},
  orderSensitiveModifiers: [],
}))
