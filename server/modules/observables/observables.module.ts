import type { ServerModule } from '../../infra/module.js';
import { matchIndicatorsJob, subscribe } from './observables.matching.js';
import { observablesRoutes } from './observables.routes.js';

export const observablesModule = {
  name: 'observables',
  routes: [observablesRoutes],
  subscribe,
  jobs: [matchIndicatorsJob],
} satisfies ServerModule;
