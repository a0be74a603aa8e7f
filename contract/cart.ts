import { z } from 'zod';
import { moneySchema } from './catalog.js';

/** Removal is the only way below 1; 99 keeps one line from draining a stock in one click. */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;

const quantity = z
  .number({ error: 'Quantity must be a whole number' })
  .int('Quantity must be a whole number')
  .min(CART_QUANTITY_MIN, `Quantity must be at least ${CART_QUANTITY_MIN}`)
  .max(CART_QUANTITY_MAX, `Quantity must be at most ${CART_QUANTITY_MAX}`);

export const addToCartRequestSchema = z.object({
  productId: z.uuid({ error: 'Product is required' }),
  quantity: quantity.default(1),
});
export type AddToCartRequest = z.input<typeof addToCartRequestSchema>;

export const updateCartRequestSchema = z.object({ quantity });
export type UpdateCartRequest = z.infer<typeof updateCartRequestSchema>;

export const cartLineSchema = z.object({
  id: z.string(),
  quantity: z.number().int(),
  product: z.object({
    id: z.string(),
    name: z.string(),
    price: moneySchema,
    imageUrl: z.string().nullable(),
    minimumTier: z.number().int(),
    inStock: z.boolean(),
    stockCount: z.number().int().nullable(),
  }),
});
export type CartLine = z.infer<typeof cartLineSchema>;
