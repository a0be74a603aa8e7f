import type { ServerModule } from '../../infra/module.js';
import { aiRoutes } from './ai.routes.js';
import { analysisJob } from './ai.service.js';

export const aiModule = {
  name: 'ai',
  routes: [aiRoutes],
  jobs: [analysisJob],
} satisfies ServerModule;
