/**
 * `node --import ./bench/ablation/without-invoices.mjs dist/server/main.js`: the built server exactly as it ships,
 * except that a paid order gets no tax invoice. The benchmark's checkout runs it beside the server as shipped, in
 * the same run, so the difference is what invoicing costs and nothing else (design 12.7, issue 40). Benchmarks only:
 * nothing in the product reads it.
 */
import { register } from 'node:module';

register('./without-invoices-hooks.mjs', import.meta.url);
