import type { ServerModule } from '../../infra/module.js';
import { registerMailJobs } from './mail.jobs.js';

export const mailModule = {
  name: 'mail',
  jobs: registerMailJobs,
} satisfies ServerModule;
