/** Removal is the only way below 1 (spec section 5.1); 99 keeps one line from draining a stock in one click. */
export const CART_QUANTITY_MIN = 1;
export const CART_QUANTITY_MAX = 99;
