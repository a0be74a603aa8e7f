import { KeyRound } from 'lucide-react';
import { useSearchParams } from 'wouter';
import { AccountPageCard } from '@/features/auth/components/account-page-card';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';

/** /reset-password?token=..., for everyone: where the reset link in the mail leads. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() || null;
  return (
    <AccountPageCard icon={KeyRound} title="Choose a new password">
      {/* A different link starts afresh. */}
      <ResetPasswordForm key={token} token={token} />
    </AccountPageCard>
  );
}
