/** Types of build.mjs (plain JavaScript: it runs before anything is compiled). */
export interface Target {
  output: string
  sources: string[]
  skip: (name: string) => boolean
  viteArgs: string[]
}
export declare const TARGETS: Record<'spa' | 'server', Target>
export declare function needsBuild(root: string, target: Target): boolean
export declare function ensureBuilt(root: string, options?: { targets?: ('spa' | 'server')[]; force?: boolean }): void
