import { useUser } from '@/features/auth/api/get-user';
import { useCategories } from '@/features/catalog/api/get-categories';
import { VendorPortal } from '@/features/vendor/components/vendor-portal';

/** /vendor (spec 2.12), signed-in users: the vendor portal, with the catalogue's categories for new products. */
export function VendorRoute() {
  const { data: user = null } = useUser();
  const { data: categories = [] } = useCategories();
  return <VendorPortal user={user} categories={categories} />;
}
