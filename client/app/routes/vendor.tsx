import { useCategories } from '@/features/catalog/api/get-categories';
import { VendorPortal } from '@/features/vendors/components/vendor-portal';
import { useUser } from '@/lib/auth';

/** /vendor, signed-in users: the vendor portal, with the catalogue's categories for new products. */
export function VendorRoute() {
  const { data: user = null } = useUser();
  const { data: categories = [] } = useCategories();
  return <VendorPortal user={user} categories={categories} />;
}
