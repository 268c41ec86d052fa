import * as a from '../zones/api/get-zones'
import * as b from '@/features/load-balancing/api/get-pools'
export const z = [a, b]
