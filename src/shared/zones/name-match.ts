import { parseNameOperator } from '../schemas/zone'

/**
 * The zone list's `name` and `account.name` filters (`contains:.org`, `starts_with_case_sensitive:Shop`…,
 * api-notes §2.1) as one test, for the sandbox's `GET /zones` and the server's zone-scope filter of
 * live answers: case-insensitive unless the operator says `_case_sensitive`.
 */
export function zoneNameMatcher(raw: string): (value: string) => boolean {
  const { op, value } = parseNameOperator(raw)
  const lower = value.toLowerCase()
  switch (op) {
    case 'equal':
      return (v) => v.toLowerCase() === lower
    case 'not_equal':
      return (v) => v.toLowerCase() !== lower
    case 'starts_with':
      return (v) => v.toLowerCase().startsWith(lower)
    case 'ends_with':
      return (v) => v.toLowerCase().endsWith(lower)
    case 'contains':
      return (v) => v.toLowerCase().includes(lower)
    case 'starts_with_case_sensitive':
      return (v) => v.startsWith(value)
    case 'ends_with_case_sensitive':
      return (v) => v.endsWith(value)
    case 'contains_case_sensitive':
      return (v) => v.includes(value)
  }
}
