import { Fragment } from 'react'

/**
 * A host name (or a list of them) that may wrap only after its dots, commas and slashes, never in
 * the middle of a label: `<wbr>` after each of those characters. Pair it with
 * `[overflow-wrap:break-word]`, so a single label longer than the line still breaks, as a last resort.
 */
export function BreakAtDots({ text }: { text: string }) {
  const parts = text.split(/(?<=[./,])/)
  return (
    <>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </>
  )
}
