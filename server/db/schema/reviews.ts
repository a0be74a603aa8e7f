import { index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog.js';
import { between, createdAt, updatedAt } from './columns.js';
import { users } from './users.js';

/** Buyers' reviews of a product (the product page's Reviews tab); one per buyer and product. */
export const productReviews = pgTable(
  'product_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    between('product_reviews_rating_range', t.rating, 1, 5),
    unique('product_reviews_product_user_key').on(t.productId, t.userId),
    index('product_reviews_product_created_idx').on(t.productId, t.createdAt),
  ],
);
