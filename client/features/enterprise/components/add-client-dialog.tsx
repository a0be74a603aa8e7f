import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/use-toast';
import { AddClientForm } from '@/features/enterprise/components/add-client-form';

interface AddClientDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The 'Add Client' dialog: closes, and starts afresh next time, once the client is added. */
export function AddClientDialog({ open, onOpenChange }: AddClientDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Add Client</DialogTitle>
          <DialogDescription>
            An organisation served under contract, recognised by its e-mail domain.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <AddClientForm
            onCancel={() => onOpenChange(false)}
            onCreated={(client) => {
              toast({
                title: 'Client added',
                description: `${client.name} (${client.domain}) is now a client.`,
              });
              onOpenChange(false);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
