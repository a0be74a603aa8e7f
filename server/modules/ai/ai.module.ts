import type { ServerModule } from '../../infra/module.js';
import { aiRoutes } from './ai.routes.js';
import { registerAiJobs } from './ai.jobs.js';

export const aiModule = {
  name: 'ai',
  routes: [aiRoutes],
  jobs: registerAiJobs,
} satisfies ServerModule;
