// A Vite plugin: moves Tailwind's viewport-width rules (`sm:`, `lg:`… inside `@media (width>=…)`)
// out of the layered stylesheet into a small stylesheet of their own, without layers.
//
// Why: when a window is resized across a breakpoint, Chromium rebuilds the rules of every stylesheet
// whose media queries changed. When that stylesheet declares cascade layers, it rebuilds the layer
// map too, which re-registers every @property and drops its font caches: every element's style is
// computed again and every box is laid out again. On the DNS page with 100 rows that was a 60-75 ms
// task per breakpoint. With the width rules in a sheet without layers, only the elements
// that carry such a class are restyled (tens, not thousands).
//
// Without a layer, those rules win over every layered rule on the same property, where before they
// won by coming late in the last layer (utilities). `widthRuleConflicts` lists the rules for which
// that could make a difference, and the build fails when the app's sources write both classes of
// such a pair together (in one string or one className expression).
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin, Rollup } from 'vite'

interface Block {
  /** The text before `{` (a selector or an at-rule's prelude), trimmed. */
  prelude: string
  /** Offsets of the whole block in the source, `{…}` included. */
  start: number
  end: number
  /** Offsets of the inside of the braces. */
  innerStart: number
  innerEnd: number
}

/** The blocks directly inside `css[from, to)` (minified CSS: no comments or strings with braces expected). */
export function blocks(css: string, from = 0, to = css.length): Block[] {
  const out: Block[] = []
  let i = from
  while (i < to) {
    const open = css.indexOf('{', i)
    const semi = css.indexOf(';', i)
    if (open < 0 || open >= to) break
    // A statement such as `@layer a, b;` before the next block.
    if (semi >= 0 && semi < open) {
      i = semi + 1
      continue
    }
    let depth = 0
    let j = open
    for (; j < to; j++) {
      if (css[j] === '{') depth++
      else if (css[j] === '}' && --depth === 0) break
    }
    if (depth !== 0) throw new Error(`split-media-css: unbalanced braces after ${JSON.stringify(css.slice(i, i + 60))}`)
    out.push({ prelude: css.slice(i, open).trim(), start: i, end: j + 1, innerStart: open + 1, innerEnd: j })
    i = j + 1
  }
  return out
}

const isWidthMedia = (prelude: string) => /^@media\b/.test(prelude) && /\bwidth\b/.test(prelude)
/** A selector of one class and nothing else (Tailwind escapes its `:` and `[`…): `.lg\:hidden`. */
const SINGLE_CLASS = /^\.(?:\\.|[\w-])+$/

export interface SplitCss {
  /** The stylesheet without the width rules. */
  layered: string
  /** The width rules, in their order, without a layer; empty when there were none. */
  width: string
  /** The style rules moved: selector and its declarations. */
  moved: { selector: string; body: string }[]
}

/** Splits the width rules out of `@layer utilities{…}`; throws on a rule it cannot move safely. */
export function splitWidthRules(css: string): SplitCss {
  const layer = blocks(css).find((b) => b.prelude.endsWith('@layer utilities') || b.prelude === '@layer utilities')
  if (!layer) return { layered: css, width: '', moved: [] }
  const media = blocks(css, layer.innerStart, layer.innerEnd).filter((b) => isWidthMedia(b.prelude))
  const moved: SplitCss['moved'] = []
  for (const m of media)
    for (const rule of blocks(css, m.innerStart, m.innerEnd)) {
      if (!SINGLE_CLASS.test(rule.prelude))
        throw new Error(`split-media-css: ${rule.prelude} in ${m.prelude} is not a single class; it cannot leave its layer safely`)
      moved.push({ selector: rule.prelude, body: css.slice(rule.innerStart, rule.innerEnd) })
    }
  let layered = ''
  let at = 0
  for (const m of media) {
    layered += css.slice(at, m.start)
    at = m.end
  }
  layered += css.slice(at)
  return { layered, width: media.map((m) => css.slice(m.start, m.end)).join(''), moved }
}

export function splitMediaCss(): Plugin {
  let root = process.cwd()
  return {
    name: 'zonekeeper-split-media-css',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root
    },
    generateBundle(_options, bundle) {
      const html = Object.values(bundle).find((f): f is Rollup.OutputAsset => f.type === 'asset' && f.fileName === 'index.html')
      if (!html) return
      let page = String(html.source)
      for (const asset of Object.values(bundle)) {
        if (asset.type !== 'asset' || !asset.fileName.endsWith('.css')) continue
        const link = new RegExp(`<link rel="stylesheet"[^>]*href="([^"]*/)${asset.fileName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`)
        const found = link.exec(page)
        if (!found) continue
        const css = String(asset.source)
        const split = splitWidthRules(css)
        if (!split.width) continue
        const clashes = coUsedConflicts(css, classGroups(root))
        if (clashes.length)
          throw new Error(
            `split-media-css: these classes are used together, and the width rule would now win where it lost before: ${clashes.join('; ')}`,
          )
        asset.source = split.layered
        const hash = createHash('sha256').update(split.width).digest('base64url').slice(0, 8)
        const fileName = asset.fileName.replace(/[^/]*\.css$/, `width-${hash}.css`)
        this.emitFile({ type: 'asset', fileName, source: split.width })
        // found[1]: the base path before the asset's name ("/").
        page = page.replace(found[0], `${found[0]}\n    <link rel="stylesheet" crossorigin href="${found[1]}${fileName}">`)
      }
      html.source = page
    },
  }
}

/** `.lg\:top-0` → `lg:top-0`; the first class of a selector such as `.focus\:top-2:focus`. */
export const firstClass = (selector: string) => /^\.((?:\\.|[\w-])+)/.exec(selector)?.[1].replace(/\\(.)/g, '$1')

const properties = (body: string) =>
  new Set(
    body
      .split(';')
      .map((d) => d.slice(0, d.indexOf(':')).trim())
      .filter(Boolean),
  )

/** `a,b:where(.c,.d)` → `a`, `b:where(.c,.d)`: commas outside parentheses. */
function selectorList(selector: string): string[] {
  const out: string[] = []
  let depth = 0
  let from = 0
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i]
    if (c === '\\') i++
    else if (c === '(') depth++
    else if (c === ')') depth--
    else if (c === ',' && depth === 0) {
      out.push(selector.slice(from, i))
      from = i + 1
    }
  }
  out.push(selector.slice(from))
  return out.map((s) => s.trim())
}

/** Classes, attributes and pseudo-classes outside `:where()`: enough to tell "one class" from "more". */
function weight(selector: string): number {
  let s = selector.replace(/\\./g, 'x')
  for (let prev = ''; prev !== s; ) [prev, s] = [s, s.replace(/:where\([^()]*(?:\([^()]*\)[^()]*)*\)/g, '')]
  return (s.match(/\.[\w-]|\[|:(?!:)[\w-]/g) ?? []).length + 100 * (s.match(/#/g) ?? []).length
}

/**
 * Pairs (moved class, other class) where, before the split, the other rule could win over the width
 * rule on the same element, and now cannot: a rule of the utilities layer that sets one of the same
 * properties and either comes after the width rules or is more specific than one class. (Rules of
 * earlier layers lost to utilities before and lose to unlayered rules now; pseudo-elements are other boxes.)
 */
export function widthRuleConflicts(css: string): { moved: string; other: string; property: string }[] {
  const layer = blocks(css).find((b) => b.prelude.endsWith('@layer utilities'))
  if (!layer) return []
  const moved: { selector: string; body: string; at: number }[] = []
  const rules: { selector: string; body: string; at: number }[] = []
  const walk = (from: number, to: number, inWidth: boolean) => {
    for (const b of blocks(css, from, to)) {
      if (b.prelude.startsWith('@')) walk(b.innerStart, b.innerEnd, inWidth || isWidthMedia(b.prelude))
      else (inWidth ? moved : rules).push({ selector: b.prelude, body: css.slice(b.innerStart, b.innerEnd), at: b.start })
    }
  }
  walk(layer.innerStart, layer.innerEnd, false)
  const out: { moved: string; other: string; property: string }[] = []
  for (const m of moved) {
    const props = properties(m.body)
    for (const r of rules)
      for (const selector of selectorList(r.selector)) {
        // Before the split, r won over m when later in the layer or more specific.
        if (selector.includes('::') || !(r.at > m.at || weight(selector) > 1)) continue
        const shared = [...properties(r.body)].find((p) => props.has(p))
        const other = firstClass(selector)
        if (shared && other) out.push({ moved: firstClass(m.selector)!, other, property: shared })
      }
  }
  return out
}

/** Every string literal and every className={…} expression of the app's sources: where classes are written together. */
export function classGroups(root: string): string[][] {
  const groups: string[][] = []
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = join(dir, f)
      return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : []
    })
  for (const dir of ['app', 'components', 'features', 'lib']) {
    for (const file of files(join(root, 'src', dir))) {
      const text = readFileSync(file, 'utf8')
      for (const m of text.matchAll(/'[^'\n]*'|"[^"\n]*"|`[^`]*`/g)) groups.push(m[0].slice(1, -1).split(/\s+/))
      for (const m of text.matchAll(/className=\{/g)) {
        let depth = 0
        let j = m.index + 'className='.length
        for (; j < text.length; j++) {
          if (text[j] === '{') depth++
          else if (text[j] === '}' && --depth === 0) break
        }
        groups.push(text.slice(m.index, j).split(/[\s'"`,()]+/))
      }
    }
  }
  return groups
}

/** The conflicting pairs (widthRuleConflicts) whose two classes are written together somewhere. */
export function coUsedConflicts(css: string, groups: string[][]): string[] {
  const sets = groups.map((g) => new Set(g))
  const found = new Set<string>()
  for (const c of widthRuleConflicts(css))
    if (sets.some((s) => s.has(c.moved) && s.has(c.other))) found.add(`${c.moved} with ${c.other} (${c.property})`)
  return [...found]
}
