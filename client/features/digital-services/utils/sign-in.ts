import { toast } from '@/components/ui/use-toast';
import { LOGIN_REQUIRED_REDIRECT_DELAY_MS } from '@/lib/constants';
import { loginHref } from '@/features/digital-services/utils/access';
import { INQUIRY_MESSAGES } from '@/features/digital-services/utils/inquiry-options';
import { goTo } from '@/features/digital-services/utils/navigation';

/**
 * A signed-out visitor asked to submit an inquiry (only members may): a destructive toast, then sign-in after
 * 1 s, coming back to the suite. Asked before the form opens, so nobody types twenty fields only to lose them.
 */
export function askToSignIn(): void {
  toast({ variant: 'destructive', ...INQUIRY_MESSAGES.loginRequired });
  setTimeout(() => goTo(loginHref()), LOGIN_REQUIRED_REDIRECT_DELAY_MS);
}
