import { plural } from '@/lib/format'

// Sentences that count scripts or connections: a zone with one of them reads "1 script", never "1 scripts".

/** The toast after a pattern verdict: how many scripts of the zone it covers now. */
export const patternHoldsText = (pattern: string, scripts: number): string =>
  `${pattern}: ${plural(scripts, 'script')} of the zone ${scripts === 1 ? 'holds' : 'hold'} this verdict now.`

/** "counted over all 3 scripts" / "counted over the 1 script". */
export const countedOverText = (n: number, what: 'script' | 'connection'): string => `counted over ${n === 1 ? 'the' : 'all'} ${plural(n, what)}`

/** An empty review filter's explanation: how many matched the other filters and were checked. */
export const checkedAgainstLedgerText = (n: number, what: 'script' | 'connection', statusText: string): string =>
  `${n === 1 ? 'The' : 'All'} ${plural(n, what)} matching these filters (${statusText}) ${n === 1 ? 'was' : 'were'} checked against the review ledger`
