export { BulkProgress } from './bulk-progress'
export { runBulk, type BulkItemResult, type BulkStatus, type BulkTask } from './run-bulk'
export { useBulkRunner, type BulkPhase, type BulkRunner } from './use-bulk-runner'
