import { rulesetCreateSchema, rulesetUpdateSchema } from '../../shared/schemas/ruleset'
import { RULESET_VALIDATION_CODE } from '../../shared/schemas/ruleset-log-custom-fields'
import {
  logpushJobCreateSchema,
  logpushJobUpdateSchema,
  ownershipRequestSchema,
  ownershipValidateSchema,
} from '../../shared/schemas/logpush'
import type { Endpoint } from './types'

/** Log custom fields (zone rulesets) and log jobs (Logpush). */
export const logFieldsEndpoints: Endpoint[] = [
  { method: 'GET', path: '/zones/:zone_id/rulesets' },
  { method: 'POST', path: '/zones/:zone_id/rulesets', body: rulesetCreateSchema, validationCode: RULESET_VALIDATION_CODE },
  { method: 'GET', path: '/zones/:zone_id/rulesets/phases/:phase/entrypoint' },
  { method: 'GET', path: '/zones/:zone_id/rulesets/:ruleset_id' },
  // The phase-specific rules need the ruleset's phase; the sandbox (and the real API) check those.
  { method: 'PUT', path: '/zones/:zone_id/rulesets/:ruleset_id', body: rulesetUpdateSchema, validationCode: RULESET_VALIDATION_CODE },

  { method: 'GET', path: '/zones/:zone_id/logpush/jobs' },
  { method: 'POST', path: '/zones/:zone_id/logpush/jobs', body: logpushJobCreateSchema },
  { method: 'GET', path: '/zones/:zone_id/logpush/jobs/:job_id' },
  { method: 'PUT', path: '/zones/:zone_id/logpush/jobs/:job_id', body: logpushJobUpdateSchema },
  { method: 'DELETE', path: '/zones/:zone_id/logpush/jobs/:job_id' },
  { method: 'POST', path: '/zones/:zone_id/logpush/ownership', body: ownershipRequestSchema },
  { method: 'POST', path: '/zones/:zone_id/logpush/ownership/validate', body: ownershipValidateSchema },
  { method: 'GET', path: '/zones/:zone_id/logpush/datasets/:dataset_id/fields' },
]
