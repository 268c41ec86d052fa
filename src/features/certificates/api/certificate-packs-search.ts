import { CERTIFICATE_PACKS_DEFAULT_PER_PAGE, certificatePacksQuery } from '@/shared/lists/certificate-packs'
import { listPage } from '@/shared/lists/page'

/**
 * The packs table's URL, derived from the pack list's one query (`certificatePacksQuery`,
 * src/shared/lists/certificate-packs.ts): paging plus the status filter (`all`: every status;
 * without it only active packs are listed). The API has no sort parameter. The page object is the
 * route's `validateSearch`, the table's URL options and the query's mapper.
 */
export const certificatePacksPage = listPage(certificatePacksQuery, {
  filters: ['status'],
  defaultPerPage: CERTIFICATE_PACKS_DEFAULT_PER_PAGE,
  pageSizes: [10, 20, 50],
})
export type CertificatePacksSearch = ReturnType<typeof certificatePacksPage.parse>
