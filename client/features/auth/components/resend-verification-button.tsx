import type { ReactNode } from 'react';
import { Send } from 'lucide-react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useResendVerification } from '@/features/auth/api/resend-verification';
import { accountErrorMessage, isConflictError } from '@/features/auth/utils/account-errors';
import { handleUnauthorizedError } from '@/lib/api-client';

interface ResendVerificationButtonProps {
  /** The address the link goes to, for the toast. */
  email: string;
  /** The API said the address is verified already (409); the user is being read again. */
  onAlreadyVerified?: () => void;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  children: ReactNode;
}

/** Mails a new verification link to the signed-in user's address and says how that went in a toast. */
export function ResendVerificationButton({
  email,
  onAlreadyVerified,
  variant = 'outline',
  size,
  className,
  children,
}: ResendVerificationButtonProps) {
  const resend = useResendVerification();

  function onClick() {
    resend.mutate(undefined, {
      onSuccess: () =>
        toast({ title: 'Verification link sent', description: `We sent a new link to ${email}.` }),
      onError: (error) => {
        if (handleUnauthorizedError(error)) return;
        if (isConflictError(error)) {
          toast({ title: 'Your e-mail address is already verified' });
          onAlreadyVerified?.();
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Verification link not sent',
          description: accountErrorMessage(error),
        });
      },
    });
  }

  return (
    <Button variant={variant} size={size} className={className} disabled={resend.isPending} onClick={onClick}>
      {resend.isPending ? <Spinner className="text-current" label="Sending" /> : <Send aria-hidden="true" />}
      {children}
    </Button>
  );
}
