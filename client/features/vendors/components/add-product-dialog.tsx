import type { Category } from '@contract/catalog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { AddProductForm } from '@/features/vendors/components/add-product-form';

interface AddProductDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  categories: readonly Category[];
}

export function AddProductDialog({ open, onOpenChange, categories }: AddProductDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add Product</DialogTitle>
          <DialogDescription>
            New products are pending until a Director approves them; only then are they listed and sold.
          </DialogDescription>
        </DialogHeader>
        {open && (
          <AddProductForm
            categories={categories}
            onCancel={() => onOpenChange(false)}
            onSubmitted={() => onOpenChange(false)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
