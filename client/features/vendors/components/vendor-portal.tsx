import { useState } from 'react';
import type { User } from '@contract/auth';
import type { Category } from '@contract/catalog';
import { DIRECTOR_TIER } from '@contract/tiers';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { useVendorApplications } from '@/features/vendors/api/get-vendor-applications';
import { useVendorProducts } from '@/features/vendors/api/get-vendor-products';
import { useVendorStats } from '@/features/vendors/api/get-vendor-stats';
import { AddProductDialog } from '@/features/vendors/components/add-product-dialog';
import { ApplicationList } from '@/features/vendors/components/application-list';
import { ProductInventory } from '@/features/vendors/components/product-inventory';
import { ReviewQueue } from '@/features/vendors/components/review-queue';
import { VendorApplicationDialog } from '@/features/vendors/components/vendor-application-dialog';
import { VendorStats } from '@/features/vendors/components/vendor-stats';
import { useVendorAccessGate } from '@/features/vendors/hooks/use-vendor-access-gate';
import { VENDOR_MESSAGES } from '@/features/vendors/utils/messages';
import { isApprovedVendor } from '@/features/vendors/utils/status';

interface VendorPortalProps {
  user: User | null;
  /** For the product form's category choice (the route reads them from the catalogue). */
  categories: readonly Category[];
}

/** /vendor: stats, inventory, applications and the application dialog; Directors also review. */
export function VendorPortal({ user, categories }: VendorPortalProps) {
  const [applying, setApplying] = useState(false);
  const [addingProduct, setAddingProduct] = useState(false);
  const applications = useVendorApplications();
  const products = useVendorProducts();
  const stats = useVendorStats();
  const lost = useVendorAccessGate(Boolean(user), [applications.error, products.error, stats.error]);

  if (lost || !user) {
    return (
      <div className="flex flex-1 items-center justify-center py-24">
        <Spinner label="Signing in again" />
      </div>
    );
  }

  const approvedVendor = isApprovedVendor(applications.data ?? []);
  const onAddProduct = () => {
    if (approvedVendor) setAddingProduct(true);
    else toast(VENDOR_MESSAGES.applyFirst);
  };

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6">
      <header className="mb-8 space-y-2 border-b pb-6">
        <p className="font-mono text-xs tracking-[0.3em] text-muted-foreground uppercase">Marketplace</p>
        <h1 className="text-3xl font-bold tracking-tight">Vendor Portal</h1>
        <p className="max-w-2xl text-muted-foreground">
          Sell security equipment through the marketplace: apply as a vendor, add products, and follow what
          they sell. Every vendor and every product is approved by a Director first.
        </p>
      </header>

      <div className="grid gap-12">
        <VendorStats />
        {user.tier >= DIRECTOR_TIER && <ReviewQueue />}
        <ProductInventory onAddProduct={onAddProduct} />
        <ApplicationList onApply={() => setApplying(true)} />
      </div>

      <VendorApplicationDialog open={applying} onOpenChange={setApplying} user={user} />
      <AddProductDialog open={addingProduct} onOpenChange={setAddingProduct} categories={categories} />
    </div>
  );
}
