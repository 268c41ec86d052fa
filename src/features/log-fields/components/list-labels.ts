import type { EditedKey } from '../lib/custom-field-lists'

export const LIST_LABEL: Record<EditedKey, string> = {
  request_fields: 'Request headers',
  response_fields: 'Response headers',
  cookie_fields: 'Cookies',
}
