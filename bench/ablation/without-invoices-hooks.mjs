/**
 * Module hooks of without-invoices.mjs: every import of the built invoices service gets a module with all of its
 * exports but `issueInvoice`, which does nothing (its caller, the orders' settlement, ignores what it returns).
 */
const SERVICE = '/dist/server/modules/invoices/invoices.service.js';
const ORIGINAL = '?original';

export async function load(url, context, nextLoad) {
  if (!url.endsWith(SERVICE)) return nextLoad(url, context);
  const source = [
    `export * from ${JSON.stringify(url + ORIGINAL)};`,
    // A local export hides the star export of the same name.
    'export async function issueInvoice() {}',
  ].join('\n');
  return { format: 'module', source, shortCircuit: true };
}
