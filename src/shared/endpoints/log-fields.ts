import { z } from 'zod'
import { logJobsQuery } from '../lists/log-jobs'
import { querySchema } from '../schemas/list-query'
import {
  datasetFieldsSchema,
  logpushJobCreateSchema,
  logpushJobSchema,
  logpushJobUpdateSchema,
  ownershipChallengeResultSchema,
  ownershipRequestSchema,
  ownershipValidateSchema,
} from '../schemas/logpush'
import { rulesetCreateSchema, rulesetSchema, rulesetUpdateSchema } from '../schemas/ruleset'
import { RULESET_VALIDATION_CODE } from '../schemas/ruleset-log-custom-fields'
import { declare } from './types'
import { lazySchema } from '../schemas/lazy'

/** Log custom fields (zone rulesets) and log jobs (Logpush). */
export const logFieldsEndpoints = declare('log-fields', [
  { method: 'GET', path: '/zones/:zone_id/rulesets', result: lazySchema(() => z.array(rulesetSchema)) },
  {
    method: 'POST',
    path: '/zones/:zone_id/rulesets',
    body: rulesetCreateSchema,
    validationCode: RULESET_VALIDATION_CODE,
    result: rulesetSchema,
    audit: { type: 'ruleset' },
  },
  { method: 'GET', path: '/zones/:zone_id/rulesets/phases/:phase/entrypoint', result: rulesetSchema },
  { method: 'GET', path: '/zones/:zone_id/rulesets/:ruleset_id', result: rulesetSchema },
  // The phase-specific rules need the ruleset's phase; the sandbox (and the real API) check those.
  {
    method: 'PUT',
    path: '/zones/:zone_id/rulesets/:ruleset_id',
    body: rulesetUpdateSchema,
    validationCode: RULESET_VALIDATION_CODE,
    result: rulesetSchema,
    audit: { type: 'ruleset', action: 'replace' },
  },
  {
    method: 'GET',
    path: '/zones/:zone_id/logpush/jobs',
    query: querySchema(logJobsQuery),
    result: lazySchema(() => z.array(logpushJobSchema)),
  },
  {
    method: 'POST',
    path: '/zones/:zone_id/logpush/jobs',
    body: logpushJobCreateSchema,
    result: logpushJobSchema,
    audit: { type: 'logpush_job', area: 'logpush' },
  },
  { method: 'GET', path: '/zones/:zone_id/logpush/jobs/:job_id', result: logpushJobSchema },
  {
    method: 'PUT',
    path: '/zones/:zone_id/logpush/jobs/:job_id',
    body: logpushJobUpdateSchema,
    result: logpushJobSchema,
    audit: { type: 'logpush_job', area: 'logpush' },
  },
  { method: 'DELETE', path: '/zones/:zone_id/logpush/jobs/:job_id', audit: { type: 'logpush_job', area: 'logpush' } },
  {
    method: 'POST',
    path: '/zones/:zone_id/logpush/ownership',
    body: ownershipRequestSchema,
    result: ownershipChallengeResultSchema,
    audit: { type: 'logpush_ownership', area: 'logpush' },
  },
  {
    method: 'POST',
    path: '/zones/:zone_id/logpush/ownership/validate',
    body: ownershipValidateSchema,
    audit: { type: 'logpush_ownership', action: 'validate', area: 'logpush' },
  },
  { method: 'GET', path: '/zones/:zone_id/logpush/datasets/:dataset_id/fields', result: datasetFieldsSchema },
])
