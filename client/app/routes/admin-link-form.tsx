import { AdminLinkForm } from '@/features/team/components/admin-link-form';

/** /admin/link-form, for everyone: it needs no guard, as it builds text in the browser and sends nothing. */
export function AdminLinkFormRoute() {
  return <AdminLinkForm />;
}
