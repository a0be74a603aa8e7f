import { useState } from 'react';
import { RefreshCw, Users } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyButton } from '@/components/ui/copy-button';
import { QueryStates } from '@/components/ui/list-states';
import { useRotateScimToken } from '@/features/organization/api/rotate-scim-token';
import { useScimSettings } from '@/features/organization/api/get-scim-settings';
import { toastFailure } from '@/lib/failure-toast';
import { formatDate } from '@/lib/format';

const copyFailed = 'The browser did not let the page copy. Select the text and copy it.';

function Copyable({ value, label, testId }: { value: string; label: string; testId: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <code
        data-testid={testId}
        className="min-w-0 flex-1 rounded border border-border bg-muted/40 px-3 py-2 font-mono text-xs break-all"
      >
        {value}
      </code>
      <CopyButton value={value} label={label} failureMessage={copyFailed} variant="outline" />
    </div>
  );
}

/** The Organisation page's SCIM provisioning (owners, design 12.4): the base URL and the token, shown once. */
export function ScimSection() {
  const query = useScimSettings({ enabled: true });
  const rotate = useRotateScimToken();
  const [token, setToken] = useState<string | null>(null);
  return (
    <Card data-testid="scim-section">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users aria-hidden="true" className="size-5 text-primary" />
          Provisioning (SCIM)
        </CardTitle>
        <CardDescription>
          Your directory creates, updates and deactivates your people here. A deactivated person is signed out
          at once, their API keys stop working, and they cannot sign in until the directory reactivates them.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={query}
          loading={{ label: 'Loading the SCIM settings', rowClassName: 'h-14' }}
          error="The SCIM settings could not be loaded."
        >
          {(settings) => (
            <div className="grid gap-4 text-sm">
              <div className="grid gap-2">
                <span className="font-medium">SCIM base URL</span>
                <Copyable value={settings.baseUrl} label="Copy the SCIM base URL" testId="scim-base-url" />
              </div>
              <div className="grid gap-2">
                <span className="font-medium">Bearer token</span>
                {token ? (
                  <>
                    <Copyable value={token} label="Copy the SCIM token" testId="scim-token" />
                    <p role="status" className="text-xs text-amber-300">
                      Copy it now into your directory: it is shown this once. The previous token no longer
                      works.
                    </p>
                  </>
                ) : (
                  <p className="text-muted-foreground" data-testid="scim-token-state">
                    {settings.tokenCreatedAt
                      ? `A token was made ${formatDate(settings.tokenCreatedAt)}. Only its fingerprint is kept.`
                      : 'No token yet: make one and give it to your directory with the base URL.'}
                  </p>
                )}
              </div>
              <div>
                <Button
                  variant="outline"
                  disabled={rotate.isPending}
                  onClick={() =>
                    rotate.mutate(undefined, {
                      onSuccess: (made) => setToken(made.token),
                      onError: (error) => {
                        toastFailure(error, 'Try again.', { title: 'No token made' });
                      },
                    })
                  }
                >
                  <RefreshCw aria-hidden="true" className="size-4" />
                  {settings.tokenCreatedAt ? 'Make a new token' : 'Make a token'}
                </Button>
              </div>
            </div>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
