/** 'Shopping cart, 2 items': a cart icon's accessible name, with the number of lines when there are any. */
export function cartLabel(base: string, count: number): string {
  return count > 0 ? `${base}, ${count} ${count === 1 ? 'item' : 'items'}` : base;
}
