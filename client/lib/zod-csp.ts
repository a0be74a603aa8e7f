/**
 * zod's fast path compiles validators with `new Function`, which the strict CSP forbids (and reports). zod keeps its
 * settings on `globalThis.__zod_globalConfig`, created only when missing so that every copy of zod on a page shares
 * them; setting `jitless` there before any schema runs keeps zod itself out of the first page's JavaScript (issue 19:
 * `config()` from `zod/v4/core` would load it). The test checks that zod reads what this sets.
 */
export function makeZodJitless(): void {
  const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (scope.__zod_globalConfig ??= {}).jitless = true;
}
