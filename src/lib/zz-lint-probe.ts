import * as f from '@/features/zones/api/get-zones'
export const w = [f]
