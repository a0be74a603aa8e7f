import { AdminLinkForm } from '@/features/team/components/admin-link-form';

/** /admin/link-form (spec 2.17): reachable by everyone, as the spec shows no guard; it only produces text. */
export function AdminLinkFormRoute() {
  return <AdminLinkForm />;
}
