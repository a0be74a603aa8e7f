import { setFlagsFromString } from 'node:v8';

/**
 * How many object shapes (V8's maps) one property access tracks one by one before it turns megamorphic, that is
 * looks every shape up in a hash table the whole process shares. V8's default is 4. A server process runs Fastify's
 * and Node's request code over more shapes than that: a request and a reply class per Fastify scope, Node's stream
 * code over HTTP sockets, database sockets and files alike. Megamorphic loads and stores were a third of what
 * `/healthz` cost above hello under `perf` (decision 048); with 16, the sites that see up to 16 shapes stay fast.
 */
export const POLYMORPHIC_SHAPES = 16;

/** Sets the server's V8 flags; the entry calls it before anything else is loaded, so every access sees them. */
export function tuneV8(): void {
  setFlagsFromString(`--max-valid-polymorphic-map-count=${POLYMORPHIC_SHAPES}`);
}
