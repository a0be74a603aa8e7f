/** Marketplace prices are entered and shown in rupees (spec section 9); payments default to USD instead. */
export const CATALOG_CURRENCY = 'INR';

/** The stock badge reads LIMITED below this count (spec section 4). */
export const LOW_STOCK_THRESHOLD = 10;

/** Free-form key/value rows of the product page's Specifications tab. */
export type ProductSpecifications = Record<string, string>;
