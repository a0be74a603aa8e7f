export const VENDOR_BUSINESS_TYPES = [
  'manufacturer',
  'distributor',
  'retailer',
  'service_provider',
  'consultant',
] as const;
export type VendorBusinessType = (typeof VENDOR_BUSINESS_TYPES)[number];

/** Upper case as the spec's screen compares them (section 4). */
export const VENDOR_APPLICATION_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type VendorApplicationStatus = (typeof VENDOR_APPLICATION_STATUSES)[number];
