import { executionAsyncResource } from 'node:async_hooks';

/**
 * One of Node's tick objects, kept for the life of the process so that the hidden classes of all of them stay alive
 * (decision 033).
 *
 * `process.nextTick` builds each tick object from a literal whose first keys are computed
 * (`{ [async_id_symbol]: ..., [trigger_async_id_symbol]: ..., callback, args }`), and V8 records the hidden class it
 * saw at each of those keys weakly. Tick objects live a moment: a full garbage collection while none is queued (as
 * can happen while the server loads its modules) frees those classes, the next tick object gets new ones, and V8
 * marks the literal megamorphic at the first class it has not seen, for good. From then on every tick object is built
 * in V8's runtime, about ten a request: 2-6 us more CPU an answer on `/healthz`. Whether a process was struck
 * depended on where its collections fell, which is why processes of the same build served `/healthz` up to 40%
 * apart (decision 031).
 *
 * Holding one tick object holds its class and, through its back pointers, the classes before it. The tick object
 * queued here is alive from this module's first evaluation, so it must be imported before anything else
 * (server/main.ts). Should a later Node build tick objects differently, this holds one small object and nothing else.
 */
let kept: object | undefined;

process.nextTick(() => {
  kept = executionAsyncResource();
});

/** The tick object kept (undefined until the first tick has run); for the test. */
export function keptTickObject(): object | undefined {
  return kept;
}
