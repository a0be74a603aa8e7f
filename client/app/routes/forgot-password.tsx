import { KeyRound } from 'lucide-react';
import { AccountPageCard } from '@/features/auth/components/account-page-card';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';

/** /forgot-password, for everyone: asks for a reset link (linked from the sign-in form). */
export function ForgotPasswordRoute() {
  return (
    <AccountPageCard
      icon={KeyRound}
      title="Reset your password"
      description="Enter the e-mail address of your account and we will send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </AccountPageCard>
  );
}
