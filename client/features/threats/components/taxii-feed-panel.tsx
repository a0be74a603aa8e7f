import { Rss } from 'lucide-react';
import { Link } from 'wouter';
import {
  TAXII_API_ROOT_PATH,
  TAXII_COLLECTION_ID,
  TAXII_DISCOVERY_PATH,
  taxiiCollectionPath,
} from '@contract/taxii';
import { CopyButton } from '@/components/ui/copy-button';
import { paths } from '@/config/paths';

/** One address with its copy button. */
function Address({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 items-center gap-1">
        <code className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 font-mono text-xs" title={value}>
          {value}
        </code>
        <CopyButton value={value} label={`Copy the ${label.toLowerCase()}`} failureMessage="Could not copy" />
      </dd>
    </div>
  );
}

/**
 * The TAXII 2.1 feed (design 11.4): where it is and how a TAXII client (OpenCTI, MISP, a SIEM) connects to it with an
 * API key. The feed serves exactly what this list shows its key's owner.
 */
export function TaxiiFeedPanel({ director }: { director: boolean }) {
  const origin = window.location.origin;
  const discovery = `${origin}${TAXII_DISCOVERY_PATH}`;
  const collection = `${origin}${taxiiCollectionPath()}`;
  return (
    <section aria-labelledby="taxii-feed-heading" className="space-y-4 rounded-lg border p-4">
      <div className="flex items-start gap-3">
        <Rss aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <div className="space-y-1">
          <h3 id="taxii-feed-heading" className="font-semibold">
            TAXII 2.1 feed
          </h3>
          <p className="text-sm text-muted-foreground">
            Point a TAXII 2.1 client at this feed to receive the threats listed here, as STIX 2.1, in your own
            tools. It serves exactly what this list shows the API key’s owner.
          </p>
        </div>
      </div>
      <dl className="grid gap-3 md:grid-cols-2">
        <Address label="Discovery address" value={discovery} />
        <Address label="API root" value={`${origin}${TAXII_API_ROOT_PATH}`} />
        <Address label="Collection ID" value={TAXII_COLLECTION_ID} />
        <Address label="Collection address" value={collection} />
      </dl>
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        <li>
          Create an API key under{' '}
          <Link
            href={`${paths.mobile.getHref()}?tab=api-keys`}
            className="font-medium underline underline-offset-4"
          >
            Mobile &amp; Integrations › API Keys
          </Link>{' '}
          with the <strong>read</strong> permission
          {director ? ' (write, to add bundles through the feed)' : ''}.
        </li>
        <li>
          In the client, give the discovery address and sign in with HTTP Basic: any user name, the API key as
          the password. Clients that send a token use{' '}
          <code className="font-mono text-xs">Authorization: Bearer</code> with the key.
        </li>
        <li>
          Choose the <strong>Threat Intelligence</strong> collection; page through its objects with{' '}
          <code className="font-mono text-xs">added_after</code> to fetch only what is new.
        </li>
      </ol>
      <pre className="overflow-x-auto rounded bg-muted p-3 font-mono text-xs">
        {`curl -u "feed:$API_KEY" -H "Accept: application/taxii+json;version=2.1" \\
  "${collection}objects/?added_after=2026-01-01T00:00:00Z&limit=100"`}
      </pre>
    </section>
  );
}
