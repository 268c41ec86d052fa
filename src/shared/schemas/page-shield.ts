import { z } from 'zod'
import { COOKIE_TYPES, RESOURCE_STATUSES, SAME_SITE_VALUES } from '../lists/page-shield'
import { lazySchema } from './lazy'

/** Scores run from 1 (certainly malicious) to 99 (certainly safe); null when not analysed. */
const scoreSchema = lazySchema(() => z.number().int().min(1).max(99).nullable())

export const pageShieldSettingsSchema = lazySchema(() =>
  z.object({
    enabled: z.boolean(),
    /** The real API's name; the specification calls it use_service_reporting_endpoint. */
    use_cloudflare_reporting_endpoint: z.boolean(),
    use_connection_url_path: z.boolean(),
    updated_at: z.string(),
  }),
)
export type PageShieldSettings = z.infer<typeof pageShieldSettingsSchema>

const strictBoolean = (field: string) => z.boolean({ error: `${field} must be true or false.` })

/** PUT body: any subset. The reporting flag is accepted under the real name and the specification's name. */
export const pageShieldSettingsInputSchema = lazySchema(() =>
  z
    .object({
      enabled: strictBoolean('enabled').optional(),
      use_cloudflare_reporting_endpoint: strictBoolean('use_cloudflare_reporting_endpoint').optional(),
      use_service_reporting_endpoint: strictBoolean('use_service_reporting_endpoint').optional(),
      use_connection_url_path: strictBoolean('use_connection_url_path').optional(),
    })
    .refine(
      (v) =>
        v.use_cloudflare_reporting_endpoint === undefined ||
        v.use_service_reporting_endpoint === undefined ||
        v.use_cloudflare_reporting_endpoint === v.use_service_reporting_endpoint,
      {
        message:
          'use_cloudflare_reporting_endpoint and use_service_reporting_endpoint name the same setting; send one, or send both with the same value.',
        path: ['use_service_reporting_endpoint'],
      },
    ),
)
export type PageShieldSettingsInput = z.infer<typeof pageShieldSettingsInputSchema>

export const scriptVersionSchema = lazySchema(() =>
  z.object({
    hash: z.string().nullable(),
    fetched_at: z.string().nullable(),
    js_integrity_score: scoreSchema,
    malware_score: scoreSchema,
    magecart_score: scoreSchema,
    cryptomining_score: scoreSchema,
    dataflow_score: scoreSchema,
    obfuscation_score: scoreSchema,
  }),
)
export type ScriptVersion = z.infer<typeof scriptVersionSchema>

export const resourceStatusSchema = lazySchema(() => z.enum(RESOURCE_STATUSES))

const detectedBase = {
  id: lazySchema(() => z.string()),
  url: lazySchema(() => z.string()),
  host: lazySchema(() => z.string()),
  added_at: lazySchema(() => z.string()),
  first_seen_at: lazySchema(() => z.string()),
  last_seen_at: lazySchema(() => z.string()),
  first_page_url: lazySchema(() => z.string().optional()),
  url_contains_cdn_cgi_path: lazySchema(() => z.boolean()),
  domain_reported_malicious: lazySchema(() => z.boolean().optional()),
  url_reported_malicious: lazySchema(() => z.boolean().optional()),
  malicious_domain_categories: lazySchema(() => z.array(z.string()).optional()),
  malicious_url_categories: lazySchema(() => z.array(z.string()).optional()),
  status: lazySchema(() => resourceStatusSchema.optional()),
}

export const pageShieldScriptSchema = lazySchema(() =>
  z.object({
    ...detectedBase,
    hash: z.string().nullable().optional(),
    fetched_at: z.string().nullable().optional(),
    js_integrity_score: scoreSchema.optional(),
    malware_score: scoreSchema.optional(),
    magecart_score: scoreSchema.optional(),
    cryptomining_score: scoreSchema.optional(),
    dataflow_score: scoreSchema.optional(),
    obfuscation_score: scoreSchema.optional(),
  }),
)
export type PageShieldScript = z.infer<typeof pageShieldScriptSchema>

/** The single-script response adds the pages it was seen on and its analysed versions. */
export const pageShieldScriptDetailSchema = lazySchema(() =>
  pageShieldScriptSchema.extend({
    page_urls: z.array(z.string()),
    versions: z.array(scriptVersionSchema).nullable(),
  }),
)
export type PageShieldScriptDetail = z.infer<typeof pageShieldScriptDetailSchema>

export const pageShieldConnectionSchema = lazySchema(() =>
  z.object({ ...detectedBase, page_urls: z.array(z.string()).optional() }),
)
export type PageShieldConnection = z.infer<typeof pageShieldConnectionSchema>

export const cookieTypeSchema = lazySchema(() => z.enum(COOKIE_TYPES))
export const sameSiteSchema = lazySchema(() => z.enum(SAME_SITE_VALUES))

export const pageShieldCookieSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    host: z.string(),
    type: cookieTypeSchema,
    first_seen_at: z.string(),
    last_seen_at: z.string(),
    first_page_url: z.string().optional(),
    domain_attribute: z.string().optional(),
    path_attribute: z.string().optional(),
    expires_attribute: z.string().nullable().optional(),
    max_age_attribute: z.number().int().nullable().optional(),
    http_only_attribute: z.boolean().optional(),
    secure_attribute: z.boolean().optional(),
    same_site_attribute: sameSiteSchema.nullable().optional(),
    page_urls: z.array(z.string()).optional(),
  }),
)
export type PageShieldCookie = z.infer<typeof pageShieldCookieSchema>
