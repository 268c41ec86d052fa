import { useState } from 'react'

/** The time the component first rendered: a stable "now" for days-left figures. */
export function useNow(): number {
  const [now] = useState(() => Date.now())
  return now
}
