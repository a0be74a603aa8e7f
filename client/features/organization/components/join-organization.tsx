import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-field';
import { useAcceptInvitation } from '@/features/organization/api/accept-invitation';
import { errorMessage } from '@/lib/api-client';

/**
 * Where an invitation's link leads (`/join?token=`): signed in as the invited, verified address, one button joins.
 * The server's refusals (another address, unverified, used, expired, already in an organisation) are shown as said.
 */
export function JoinOrganization({
  token,
  signedIn,
  signInHref,
  organizationHref,
}: {
  token: string | null;
  signedIn: boolean;
  signInHref: string;
  organizationHref: string;
}) {
  const accept = useAcceptInvitation();
  if (!token)
    return (
      <FormMessage>This invitation link is not complete. Open the link from the e-mail again.</FormMessage>
    );
  if (!signedIn) {
    return (
      <div className="grid gap-3 text-sm">
        <p>Sign in with the invited address (or create an account with it and verify it) to accept.</p>
        <Button asChild>
          <Link href={signInHref}>Sign in</Link>
        </Button>
      </div>
    );
  }
  if (accept.isSuccess) {
    return (
      <div className="grid gap-3 text-sm">
        <p role="status">You joined {accept.data.name}.</p>
        <Button asChild>
          <Link href={organizationHref}>Open your organisation</Link>
        </Button>
      </div>
    );
  }
  const refusal = accept.error
    ? errorMessage(accept.error, 'The invitation could not be accepted. Try again.')
    : null;
  return (
    <div className="grid gap-3 text-sm">
      <p>You were invited to join an organisation on Intel Portal.</p>
      {refusal && <FormMessage>{refusal}</FormMessage>}
      <Button disabled={accept.isPending} onClick={() => accept.mutate(token)}>
        {accept.isPending ? 'Joining...' : 'Accept the invitation'}
      </Button>
    </div>
  );
}
