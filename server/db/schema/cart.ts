import { integer, pgTable, unique, uuid } from 'drizzle-orm/pg-core';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '../../../contract/cart.js';
import { products } from './catalog.js';
import { between, createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

export const cartItems = pgTable(
  'cart_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Cascade: a withdrawn product leaves the carts instead of blocking its removal. */
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(CART_QUANTITY_MIN),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    between('cart_items_quantity_range', t.quantity, CART_QUANTITY_MIN, CART_QUANTITY_MAX),
    // One line a product, so adding again is an upsert on this key; user_id leads, so it also serves the
    // per-user cart list.
    unique('cart_items_user_product_key').on(t.userId, t.productId),
  ],
);
