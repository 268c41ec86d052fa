/**
 * The review ledger of a practice sandbox: its verdicts are kept under zone keys of their own
 * (`practice:<person>:<zone id>`), so they are private to the person, never mixed with the live
 * ledger of a zone, and thrown away by a practice reset.
 */
export const ledgerPrefix = (key: string) => `practice:${key}:`

export const ledgerZone = (practiceKey: string | undefined, zoneId: string) =>
  practiceKey === undefined ? zoneId : ledgerPrefix(practiceKey) + zoneId
