import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

interface ConfirmDialogProps {
  open: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Read by screen readers while the action runs. */
  pendingLabel: string;
  pending: boolean;
  /** What is being decided, set out between the question and its buttons (a payment's amount and reference). */
  children?: ReactNode;
  /** `default` for a confirmation that destroys nothing (money received); destructive otherwise. */
  confirmVariant?: 'destructive' | 'default';
}

/** Asks before a destructive or consequential action (revoking a key, confirming money arrived). */
export function ConfirmDialog({
  open,
  onCancel,
  onConfirm,
  title,
  description,
  confirmLabel,
  pendingLabel,
  pending,
  children,
  confirmVariant = 'destructive',
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onCancel()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button variant={confirmVariant} disabled={pending} onClick={onConfirm}>
            {pending && (
              <Spinner
                className={
                  confirmVariant === 'destructive' ? 'text-destructive-foreground' : 'text-primary-foreground'
                }
                label={pendingLabel}
              />
            )}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
