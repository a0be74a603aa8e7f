import type { User } from '@contract/auth';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { VendorApplicationForm } from '@/features/vendors/components/vendor-application-form';

interface VendorApplicationDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  user: Pick<User, 'email'> | null;
}

/** The vendor application: closes, and starts afresh next time, once submitted. */
export function VendorApplicationDialog({ open, onOpenChange, user }: VendorApplicationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Vendor Application</DialogTitle>
          <DialogDescription>
            Tell us about your business. A Director reviews every application before you can list products.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <VendorApplicationForm
            user={user}
            onCancel={() => onOpenChange(false)}
            onSubmitted={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
