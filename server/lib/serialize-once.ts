import type { ZodType } from 'zod';

/**
 * A route serializer for answers a service hands out again and again while they are cached: the same object is
 * checked against the response schema and turned into JSON once, not on every request (decisions 003 and 014).
 * Use it only for objects nobody changes after caching them.
 */
export function serializeOnce(schema: ZodType): (value: unknown) => string {
  const serialized = new WeakMap<object, string>();
  return (value) => {
    const key = value as object;
    let json = serialized.get(key);
    if (json === undefined) {
      json = JSON.stringify(schema.parse(value));
      serialized.set(key, json);
    }
    return json;
  };
}
