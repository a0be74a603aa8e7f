import { TriangleAlert } from 'lucide-react';
import { CopyButton } from '@/components/ui/copy-button';

/**
 * A webhook signing secret shown once: the warning, the secret with a copy button, and how receivers check it
 * (design 11.5). Used by the integrations' and the automation rules' secrets alike.
 */
export function SigningSecretOnce({ secret, testId }: { secret: string; testId: string }) {
  return (
    <div className="grid gap-4">
      <p
        role="alert"
        className="flex items-start gap-2 rounded-md border border-warning/40 bg-warning/10 px-3 py-2 text-sm text-warning"
      >
        <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        Copy this secret now. It will not be shown again.
      </p>
      <div className="flex items-center gap-1 rounded-md border bg-surface py-1.5 pr-1.5 pl-3">
        <code data-testid={testId} className="min-w-0 flex-1 font-mono text-sm break-all">
          {secret}
        </code>
        <CopyButton
          value={secret}
          label="Copy signing secret"
          failureMessage="Failed to copy the signing secret"
          variant="outline"
        >
          Copy
        </CopyButton>
      </div>
      <p className="text-xs text-muted-foreground">
        Each request carries <code className="font-mono">X-Timestamp</code> and{' '}
        <code className="font-mono">X-Signature: sha256=&lt;hex&gt;</code>, the HMAC-SHA256 of{' '}
        <code className="font-mono">timestamp.body</code> with this secret.
      </p>
    </div>
  );
}
