import { z } from 'zod';
import { moneySchema } from './catalog.js';
import { GST_RATES, gstinProblem, INDIAN_STATES, stateByName } from './gst.js';
import { PAYMENT_METHODS, PAYMENT_STATUSES } from './payments.js';

/**
 * An order's life (design 12.7): pending until paid; shipped and delivered by Directors; cancelled before it ships;
 * partially_refunded or refunded as approved returns give money back. `fulfilled` is kept for orders of the first
 * rounds and is no longer set.
 */
export const ORDER_STATUSES = [
  'pending',
  'paid',
  'cancelled',
  'fulfilled',
  'shipped',
  'delivered',
  'partially_refunded',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const RETURN_STATUSES = ['requested', 'approved', 'rejected'] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** A refund through the payment provider: pending until the provider took it, failed after the job's last try. */
export const REFUND_STATUSES = ['pending', 'completed', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

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
  /** The buyer's GSTIN, printed on the invoice so a registered business can claim input tax credit. */
  gstin?: string;
}

/** The states' and union territories' names as the contract spells them (any case and spacing is accepted). */
const STATE_NAMES = INDIAN_STATES.map((state) => state.name) as [string, ...string[]];

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
  /** An Indian state or union territory (the place of supply), stored as its name is spelt in the contract. */
  state: required('State', 100).pipe(
    z.preprocess(
      (name: string) => stateByName(name)?.name ?? name,
      z.enum(STATE_NAMES, { error: 'Choose an Indian state or union territory' }),
    ),
  ),
  postalCode: required('Postal code', 20).pipe(
    z.string().regex(/^[A-Za-z0-9 -]{3,12}$/, 'Invalid postal code'),
  ),
  country: required('Country', 100),
  phone: required('Phone', 30).pipe(
    z.string().regex(/^\+?[0-9 ()-]{10,20}$/, 'Valid phone number is required'),
  ),
  gstin: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .superRefine((value, ctx) => {
      const problem = value === '' ? null : gstinProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform((value) => value || undefined)
    .optional(),
}) satisfies z.ZodType<ShippingAddress>;

/** The address as an order stores and answers it (checked when ordered; no transforms in answers). */
export const storedAddressSchema = z.object({
  fullName: z.string(),
  line1: z.string(),
  line2: z.string().optional(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  phone: z.string(),
  gstin: z.string().optional(),
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
  /** The tax in the line (null on orders placed before GST invoicing): lineTotal = taxableValue + the taxes. */
  hsnCode: z.string().nullable(),
  gstRate: z.enum(GST_RATES).nullable(),
  taxableValue: moneySchema.nullable(),
  cgst: moneySchema.nullable(),
  sgst: moneySchema.nullable(),
  igst: moneySchema.nullable(),
  /** Units given back by approved returns or the cancellation. */
  returnedQuantity: z.number().int(),
});

export const returnLineRequestSchema = z.object({
  productId: z.string().max(100),
  quantity: z.coerce
    .number({ error: 'Quantity must be a whole number' })
    .int('Quantity must be a whole number')
    .min(1, 'Quantity must be at least 1')
    .max(10_000),
});

export const createReturnRequestSchema = z.object({
  lines: z.array(returnLineRequestSchema).min(1, 'Choose at least one item to return').max(100),
  reason: required('Reason', 1000),
});
export type CreateReturnRequest = z.infer<typeof createReturnRequestSchema>;

export const orderReturnSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  status: z.enum(RETURN_STATUSES),
  lines: z.array(
    z.object({ productId: z.string().nullable(), name: z.string(), quantity: z.number().int() }),
  ),
  reason: z.string(),
  decisionReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
});
export type OrderReturn = z.infer<typeof orderReturnSchema>;

export const shipOrderRequestSchema = z.object({
  carrier: required('Carrier', 100),
  trackingNumber: required('Tracking number', 100),
});
export type ShipOrderRequest = z.infer<typeof shipOrderRequestSchema>;

export const cancelOrderRequestSchema = z.object({ reason: required('Reason', 1000) });
export const rejectReturnRequestSchema = z.object({ reason: required('Reason', 1000) });

export const creditNoteSummarySchema = z.object({
  id: z.string(),
  number: z.string(),
  total: moneySchema,
  reason: z.string(),
  issuedAt: z.iso.datetime(),
});

export const refundSchema = z.object({
  id: z.string(),
  amount: moneySchema,
  status: z.enum(REFUND_STATUSES),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});

export const orderSchema = z.object({
  id: z.string(),
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  total: moneySchema,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: z.enum(PAYMENT_STATUSES).nullable(),
  paymentId: z.string().nullable(),
  /** What a client quotes with a bank transfer or crypto payment (at most 16 letters, digits and '-'). */
  paymentReference: z.string().nullable(),
  shippingAddress: storedAddressSchema,
  lines: z.array(orderLineSchema),
  /** The place of supply: the shipping state's GST code (null on orders placed before GST invoicing). */
  placeOfSupply: z.string().nullable(),
  /** The tax invoice's number once the payment completed. */
  invoiceNumber: z.string().nullable(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  cancelReason: z.string().nullable(),
  refundedTotal: moneySchema,
  paidAt: z.iso.datetime().nullable(),
  shippedAt: z.iso.datetime().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  cancelledAt: z.iso.datetime().nullable(),
  creditNotes: z.array(creditNoteSummarySchema),
  returns: z.array(orderReturnSchema),
  refunds: z.array(refundSchema),
  createdAt: z.iso.datetime(),
});
export type Order = z.infer<typeof orderSchema>;

/** An order in the Directors' queue: who bought it, and whether a refund of it waits for them. */
export const adminOrderSchema = orderSchema.extend({ userEmail: z.string() });
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const ORDER_QUEUES = ['to_ship', 'in_transit', 'returns', 'refunds_failed', 'all'] as const;
export type OrderQueue = (typeof ORDER_QUEUES)[number];
export const orderQueueQuerySchema = z.object({
  queue: z.enum(ORDER_QUEUES).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
