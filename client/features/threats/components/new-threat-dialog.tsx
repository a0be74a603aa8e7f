import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NewThreatForm } from '@/features/threats/components/new-threat-form';

interface NewThreatDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The 'Add Threat' dialog (Directors): closes, and starts afresh next time, once the threat is stored. */
export function NewThreatDialog({ open, onOpenChange }: NewThreatDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Add Threat</DialogTitle>
          <DialogDescription>
            Every signed-in user reads the feed; AMBER+STRICT and RED records stay with Directors.
          </DialogDescription>
        </DialogHeader>
        {open && <NewThreatForm onCancel={() => onOpenChange(false)} onCreated={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
