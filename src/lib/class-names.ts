import { mergeClasses } from './class-merge'

// Apart from ./format (which re-exports it): the shell's buttons and switches need only this, not the
// date and number formatters.

/** Joins class names; a later Tailwind class wins over an earlier one of the same kind (tailwind-merge, see class-merge.ts). */
export function cn(...parts: (string | false | null | undefined)[]): string {
  return mergeClasses(parts.filter(Boolean).join(' '))
}
