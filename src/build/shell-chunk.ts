// The shell chunk: every module the entry needs before the first page renders (its static imports,
// followed recursively), in one chunk. Without this group Rolldown splits that code by which lazy
// chunks share it (React, the router, the query client, the API client... each in a chunk of its
// own, beside the entry's own): every page still downloads all of them first, but each file is
// compressed alone, which cost about 2 KB gzipped of each first load (src/bench/support/first-load.ts).
// Lazy chunks import what they share with the shell from it; code that only lazy chunks use is not
// part of the group, so it stays out of the first load as before.
import type { Rolldown } from 'vite'

/** The modules reached through static imports from the entries above `from` (found through its importers). */
function staticClosureOfEntries(ctx: Rolldown.ChunkingContext, from: string): Set<string> {
  const entries: string[] = []
  const seen = new Set<string>()
  const up = [from]
  while (up.length) {
    const m = ctx.getModuleInfo(up.pop()!)
    if (!m || seen.has(m.id)) continue
    seen.add(m.id)
    if (m.isEntry) entries.push(m.id)
    up.push(...m.importers, ...m.dynamicImporters)
  }
  const closure = new Set<string>()
  const down = [...entries]
  while (down.length) {
    const m = ctx.getModuleInfo(down.pop()!)
    if (!m || closure.has(m.id)) continue
    closure.add(m.id)
    down.push(...m.importedIds)
  }
  return closure
}

/** The `output.codeSplitting` group that gathers the shell (JavaScript only; styles keep their own path). */
export function shellChunk(): Rolldown.CodeSplittingGroup {
  let shell = new Set<string>()
  let pass: Rolldown.ChunkingContext | undefined
  return {
    debugName: 'shell',
    name: (id, ctx) => {
      // One context per chunking pass (a watch rebuild brings a new one): the closure is computed once per pass.
      if (ctx !== pass) {
        pass = ctx
        shell = staticClosureOfEntries(ctx, id)
      }
      return shell.has(id) && !/\.css($|\?)/.test(id) ? 'shell' : null
    },
  }
}
