import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { NewCaseForm } from '@/features/cases/components/new-case-form';

interface NewCaseDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The New Case dialog: closes, and starts afresh next time, once the case is created. */
export function NewCaseDialog({ open, onOpenChange }: NewCaseDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] max-w-2xl overflow-y-auto">
        <DialogHeader>
          <DialogTitle>New Case</DialogTitle>
          <DialogDescription>
            Describe the matter; a Director reviews every case, assigns an agent and estimates the cost.
          </DialogDescription>
        </DialogHeader>
        {open && <NewCaseForm onCancel={() => onOpenChange(false)} onCreated={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}
