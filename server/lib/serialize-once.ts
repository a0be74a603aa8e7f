import type { ZodType } from 'zod';

/**
 * A route serializer for answers a service hands out again and again while they are cached: the same object is
 * checked against the response schema and turned into JSON once, not on every request (decisions 003, 014 and 024).
 * `project` makes the answer from the cached object (a user's public fields from the session's user row).
 * Use it only for objects nobody changes after caching them.
 */
export function serializeOnce<T extends object>(
  schema: ZodType,
  project: (value: T) => unknown = (value) => value,
): (value: T) => string {
  const serialized = new WeakMap<T, string>();
  return (value) => {
    let json = serialized.get(value);
    if (json === undefined) {
      json = JSON.stringify(schema.parse(project(value)));
      serialized.set(value, json);
    }
    return json;
  };
}
