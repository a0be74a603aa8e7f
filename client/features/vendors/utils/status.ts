import type { ProductApprovalStatus } from '@contract/catalog';
import type { VendorApplication, VendorBusinessType } from '@contract/vendors';
import type { BadgeProps } from '@/components/ui/badge';

type BadgeVariant = NonNullable<BadgeProps['variant']>;

/**
 * PENDING yellow, APPROVED green, any other value (REJECTED, or one a later version adds) red.
 * The badge's `default` is the theme's green, `warning` its amber.
 */
export function applicationStatusVariant(status: string): BadgeVariant {
  if (status === 'PENDING') return 'warning';
  if (status === 'APPROVED') return 'default';
  return 'destructive';
}

export const PRODUCT_APPROVAL_LABELS: Record<ProductApprovalStatus, string> = {
  approved: 'Approved',
  pending: 'Pending approval',
  rejected: 'Rejected',
};

/** The same colours for a product's approval as for an application's status. */
export function productApprovalVariant(status: string): BadgeVariant {
  if (status === 'pending') return 'warning';
  if (status === 'approved') return 'default';
  return 'destructive';
}

export const BUSINESS_TYPE_LABELS: Record<VendorBusinessType, string> = {
  manufacturer: 'Manufacturer',
  distributor: 'Distributor',
  retailer: 'Retailer',
  service_provider: 'Service provider',
  consultant: 'Consultant',
};

/** Whether a new application may be sent: not while one is pending or approved (the API answers 409). */
export function canApply(applications: readonly Pick<VendorApplication, 'status'>[]): boolean {
  return !applications.some((a) => a.status === 'PENDING' || a.status === 'APPROVED');
}

/** Whether products may be added: the user holds an approved application. */
export function isApprovedVendor(applications: readonly Pick<VendorApplication, 'status'>[]): boolean {
  return applications.some((a) => a.status === 'APPROVED');
}
