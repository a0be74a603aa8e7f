import type { ServerModule } from '../../infra/module.js';

/** Tax invoices and credit notes: numbering and PDFs for the orders module, which serves them. */
export const invoicesModule = {
  name: 'invoices',
} satisfies ServerModule;
