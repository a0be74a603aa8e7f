export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Shipping address of `POST /api/orders` (design section 3), stored on the order as it was when ordered. */
export interface ShippingAddress {
  fullName: string;
  line1: string;
  line2?: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string;
}
