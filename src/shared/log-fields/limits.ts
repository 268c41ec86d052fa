/**
 * Limits of log custom fields, from the specification's Limits table.
 * One place for the numbers, so the form, the schema and the server agree.
 */

/** Custom fields per zone, in total across request headers, response headers and cookies. */
export const MAX_CUSTOM_FIELDS = 40

/** Combined custom-field data per log entry; anything beyond is truncated. */
export const CUSTOM_FIELD_DATA_LIMIT_BYTES = 8 * 1024

/** The request header the service cannot log as a custom field. */
export const UNSUPPORTED_REQUEST_HEADER = 'range'

/** The ruleset phase that holds custom-field rules. */
export const LOG_CUSTOM_FIELDS_PHASE = 'http_log_custom_fields'

/** The only action a rule of that phase may use. */
export const LOG_CUSTOM_FIELD_ACTION = 'log_custom_field'

/** The object fields a log job must list to receive the custom fields (RequestHeaders, ResponseHeaders, Cookies). */
export const CUSTOM_FIELD_OUTPUTS = {
  request: 'RequestHeaders',
  response: 'ResponseHeaders',
  cookie: 'Cookies',
} as const
export type CustomFieldOutput = (typeof CUSTOM_FIELD_OUTPUTS)[keyof typeof CUSTOM_FIELD_OUTPUTS]

/** Fields a new http_requests log job starts with. */
export const DEFAULT_LOG_JOB_FIELDS = ['RayID', 'EdgeStartTimestamp'] as const
