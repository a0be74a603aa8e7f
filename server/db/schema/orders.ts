import { sql, type SQL } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { CATALOG_CURRENCY } from '../../../contract/catalog.js';
import {
  ORDER_STATUSES,
  REFUND_STATUSES,
  RETURN_STATUSES,
  type ShippingAddress,
} from '../../../contract/orders.js';
import { products } from './catalog.js';
import { createdAt, currencyCheck, money, nonNegative, updatedAt } from './columns.js';
import { paymentMethodEnum, payments } from './payments.js';
import { users } from './users.js';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);

/** A sequence, not a random code: numbers never collide, so inserting an order never needs a retry. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** What the customer quotes on the phone; the uuid stays the API id. */
    orderNumber: text('order_number')
      .notNull()
      .unique()
      .default(sql`('ORD-' || nextval('order_number_seq')::text)`),
    /** Restrict: orders are accounting records and must not vanish with an account. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('pending'),
    currency: text('currency').notNull().default(CATALOG_CURRENCY),
    /** Sum of the lines, fixed when ordered; the lines keep their own prices. */
    total: money('total').notNull(),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>().notNull(),
    paymentMethod: paymentMethodEnum('payment_method').notNull(),
    /**
     * The order points at its payment, not the other way round: payments.ts then needs nothing from this file, and
     * an import cycle between the two would leave one table undefined while the modules load.
     * Null until the payment is recorded.
     */
    paymentId: uuid('payment_id')
      .unique()
      .references(() => payments.id, { onDelete: 'restrict' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The GST state code of the shipping state: the place of supply (null on orders of the first rounds). */
    placeOfSupply: text('place_of_supply'),
    /** CGST + SGST when the place of supply is the seller's state, IGST otherwise; fixed when ordered. */
    intraState: boolean('intra_state'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    shippedAt: timestamp('shipped_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    /** What refunds (cancellation, approved returns) have given back so far; never more than the total. */
    refundedTotal: money('refunded_total').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonNegative('orders_total_non_negative', t.total),
    currencyCheck('orders_currency_format', t.currency),
    check('orders_shipping_address_object', sql`jsonb_typeof(${t.shippingAddress}) = 'object'`),
    check('orders_refund_within_total', sql`${t.refundedTotal} between 0 and ${t.total}`),
    // The Directors' order queues (to ship, in transit).
    index('orders_status_created_idx').on(t.status, t.createdAt),
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    // New orders and revenue over a period, for the analytics dashboard.
    index('orders_created_idx').on(t.createdAt),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Set null: the order keeps its history when a product is withdrawn; name and price are copied below. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /** Computed by the database so no code path can store a total that disagrees with price and quantity. */
    lineTotal: money('line_total')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`unit_price * quantity`),
    /** Copied from the product when ordered, with the tax split of the line (null on orders of the first rounds). */
    hsnCode: text('hsn_code'),
    gstRate: text('gst_rate'),
    taxableValue: money('taxable_value'),
    cgst: money('cgst'),
    sgst: money('sgst'),
    igst: money('igst'),
    /** Units given back by approved returns (or all of them by a cancellation). */
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    nonNegative('order_lines_unit_price_non_negative', t.unitPrice),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    // The cart holds one line a product, so an order does too; order_id leads, so this also lists an order's lines.
    unique('order_lines_order_product_key').on(t.orderId, t.productId),
    check('order_lines_returned_within_quantity', sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
    check(
      'order_lines_tax_adds_up',
      sql`${t.taxableValue} is null or ${t.taxableValue} + ${t.cgst} + ${t.sgst} + ${t.igst} = ${t.unitPrice} * ${t.quantity}`,
    ),
    // "Did this user buy this product?" for reviews.
    index('order_lines_product_idx').on(t.productId),
  ],
);

export const returnStatusEnum = pgEnum('return_status', RETURN_STATUSES);

/** A buyer's request to send back units of a delivered order; Directors approve or reject it. */
export const orderReturns = pgTable(
  'order_returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    status: returnStatusEnum('status').notNull().default('requested'),
    reason: text('reason').notNull(),
    decisionReason: text('decision_reason'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_returns_order_idx').on(t.orderId),
    // The Directors' queue of returns to decide.
    index('order_returns_requested_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'requested'`),
  ],
);

export const orderReturnLines = pgTable(
  'order_return_lines',
  {
    returnId: uuid('return_id')
      .notNull()
      .references(() => orderReturns.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'restrict' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    unique('order_return_lines_key').on(t.returnId, t.orderLineId),
    check('order_return_lines_quantity_positive', sql`${t.quantity} >= 1`),
  ],
);

export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES);

/**
 * Money going back to a buyer through the payment provider. Written in the transaction that cancels an order or
 * approves a return, with the pg-boss job that asks the provider after the commit (decision 038); a refund the
 * provider keeps refusing ends `failed`, in the Directors' queue, until one of them retries it.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amount} > 0`),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_failed_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'failed'`),
  ],
);
