import { Link } from '@tanstack/react-router'
import type { PageShieldScript } from '@/shared/schemas/page-shield'

/** What to do once a reviewer has judged a script malicious: remove, block meanwhile, contain, confirm. */
export function MaliciousNextSteps({ zoneId, script }: { zoneId: string; script: PageShieldScript }) {
  const page = script.first_page_url
  return (
    <section
      aria-labelledby="malicious-next-title"
      className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-950 dark:border-red-900 dark:bg-red-950/40 dark:text-red-100"
    >
      <h3 id="malicious-next-title" className="font-semibold">
        Malicious: what to do next
      </h3>
      <ol className="mt-1 list-decimal space-y-1 pl-5">
        <li>
          Remove it: find where your pages include <span className="font-mono break-all">{script.host || script.url}</span> (page
          templates, a tag manager, a plugin) and take it out{page ? <>. It was first seen on <span className="font-mono break-all">{page}</span></> : null}.
        </li>
        <li>
          Block it meanwhile:{' '}
          <Link to="/zones/$zoneId/page-shield/policies/new" params={{ zoneId }} className="font-medium underline">
            create a policy
          </Link>{' '}
          that allows only the sources you trust, so browsers refuse this one until it is gone.
        </li>
        <li>
          Assume what it could read was taken: if it ran on checkout or sign-in pages, tell your payment provider and change the keys or
          passwords those pages handle.
        </li>
        <li>Check back here: once removed it is no longer seen, and it turns inactive after 7 days.</li>
      </ol>
    </section>
  )
}
