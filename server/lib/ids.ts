const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids are opaque to clients: anything that is not one of ours is simply not found (404, never a 500). */
export function isId(value: string): boolean {
  return UUID.test(value);
}
