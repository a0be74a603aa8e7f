import { MailCheck } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { AccountPageCard } from '@/features/auth/components/account-page-card';
import { VerifyEmailStatus } from '@/features/auth/components/verify-email-status';

/**
 * /verify-email?token=..., for everyone: where the verification link of a new account, and the confirmation link
 * of a new address, lead.
 */
export function VerifyEmailRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <AccountPageCard icon={MailCheck} title="Verify your e-mail address">
      <VerifyEmailStatus key={token} token={token} />
    </AccountPageCard>
  );
}
