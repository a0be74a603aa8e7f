import type { User } from '@contract/auth';
import type { InvestigationCatalogEntry } from '@contract/investigations';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { InvestigationRequestForm } from '@/features/investigations/components/investigation-request-form';

interface InvestigationRequestDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The services the person may request (within their tier). */
  services: readonly InvestigationCatalogEntry[];
  /** The service the dialog opens with (a catalogue card's own). */
  initialServiceType?: InvestigationCatalogEntry['id'];
  user: Pick<User, 'firstName' | 'lastName'> | null;
}

/** The investigation request: closes, and starts afresh next time, once submitted. */
export function InvestigationRequestDialog({
  open,
  onOpenChange,
  services,
  initialServiceType,
  user,
}: InvestigationRequestDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>Request Investigation</DialogTitle>
          <DialogDescription>
            Every request is reviewed by a licensed investigator before work starts. The estimate is confirmed
            once a case officer is assigned.
          </DialogDescription>
        </DialogHeader>
        <InvestigationRequestForm
          key={initialServiceType ?? 'any'}
          services={services}
          initialServiceType={initialServiceType}
          user={user}
          onCancel={() => onOpenChange(false)}
          onSubmitted={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
