import { toast } from '@/components/ui/use-toast';
import type { SessionExpiredToast } from '@/lib/api-client';

/** How the app shows a lost session (the provider installs it): a destructive toast, before the redirect. */
export function showSessionExpired({ title, description }: SessionExpiredToast): void {
  toast({ variant: 'destructive', title, description });
}
