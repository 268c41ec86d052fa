// The coverage rule lives in src/shared/certificates (the DNS record form uses it too).
export { hostCovers, uncoveredNames } from '@/shared/certificates/coverage'
