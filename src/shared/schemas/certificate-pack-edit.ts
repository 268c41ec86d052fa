import { z } from 'zod'
import { lazySchema } from './lazy'

/**
 * PATCH /zones/{zone_id}/ssl/certificate_packs/{id}: restarts validation of an advanced pack whose
 * validation timed out (an empty body does that), and may switch Cloudflare branding (a subdomain of
 * sni.cloudflaressl.com as the certificate's common name). Other fields are ignored, as the API does.
 */
export const certificatePackEditSchema = lazySchema(() =>
  z.object({
    cloudflare_branding: z.boolean({ error: 'cloudflare_branding must be true or false.' }).optional(),
  }),
)
