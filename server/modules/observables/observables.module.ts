import type { ServerModule } from '../../infra/module.js';
import { matchIndicatorsJob } from './observables.matching.js';
import { observablesRoutes } from './observables.routes.js';

export const observablesModule = {
  name: 'observables',
  routes: [observablesRoutes],
  jobs: [matchIndicatorsJob],
} satisfies ServerModule;
