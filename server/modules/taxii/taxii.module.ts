import { inOwnScope, type ServerModule } from '../../infra/module.js';
import { taxiiRoutes } from './taxii.routes.js';

/** The TAXII 2.1 feed of the threat intelligence (design 11.4, decision 016); its data is the threats module's. */
export const taxiiModule = {
  name: 'taxii',
  routes: [inOwnScope(taxiiRoutes)],
} satisfies ServerModule;
