import { z } from 'zod';
import { moneySchema } from './catalog.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments.js';

export const ORDER_STATUSES = ['pending', 'paid', 'cancelled', 'fulfilled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Shipping address of `POST /api/orders`, stored on the order as it was when ordered. */
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

const required = (label: string, max = 200) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

export const shippingAddressSchema = z.object({
  fullName: required('Full name', 120).pipe(z.string().min(2, 'Full name is required')),
  line1: required('Address', 200),
  line2: z.string().trim().max(200).optional(),
  city: required('City', 100),
  state: required('State', 100),
  postalCode: required('Postal code', 20).pipe(
    z.string().regex(/^[A-Za-z0-9 -]{3,12}$/, 'Invalid postal code'),
  ),
  country: required('Country', 100),
  phone: required('Phone', 30).pipe(
    z.string().regex(/^\+?[0-9 ()-]{10,20}$/, 'Valid phone number is required'),
  ),
}) satisfies z.ZodType<ShippingAddress>;

export const createOrderRequestSchema = z.object({
  shippingAddress: shippingAddressSchema,
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Choose a payment method' }),
});
export type CreateOrderRequest = z.infer<typeof createOrderRequestSchema>;

export const orderLineSchema = z.object({
  productId: z.string().nullable(),
  name: z.string(),
  unitPrice: moneySchema,
  quantity: z.number().int(),
  lineTotal: moneySchema,
});

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  total: moneySchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  /** The payment's id: the reference a client quotes with a bank transfer or crypto payment. */
  paymentId: z.string().nullable(),
  shippingAddress: shippingAddressSchema,
  lines: z.array(orderLineSchema),
  createdAt: z.iso.datetime(),
});
export type Order = z.infer<typeof orderSchema>;
