import type { ServerModule } from '../../infra/module.js';
import { qrCodesRoutes, qrScanRoutes } from './qr-codes.routes.js';

export const qrCodesModule = {
  name: 'qr-codes',
  routes: [qrCodesRoutes, qrScanRoutes],
} satisfies ServerModule;
