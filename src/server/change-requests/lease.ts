// The helper is the store's (store/lease.ts), shared with the audit's write-ahead records: kept here
// for the change requests' own callers, so the audit never imports this feature.
export { holdLease } from '../store/lease'
