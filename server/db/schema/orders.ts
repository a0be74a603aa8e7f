import { sql, type SQL } from 'drizzle-orm';
import {
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
import { ORDER_STATUSES, type ShippingAddress } from '../../../contract/orders.js';
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    nonNegative('orders_total_non_negative', t.total),
    currencyCheck('orders_currency_format', t.currency),
    check('orders_shipping_address_object', sql`jsonb_typeof(${t.shippingAddress}) = 'object'`),
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
  },
  (t) => [
    nonNegative('order_lines_unit_price_non_negative', t.unitPrice),
    check('order_lines_quantity_positive', sql`${t.quantity} >= 1`),
    // The cart holds one line a product, so an order does too; order_id leads, so this also lists an order's lines.
    unique('order_lines_order_product_key').on(t.orderId, t.productId),
    // "Did this user buy this product?" for reviews.
    index('order_lines_product_idx').on(t.productId),
  ],
);
