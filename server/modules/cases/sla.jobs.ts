import { defineSchedule } from '../../infra/job.js';
import { sweepCaseBreaches } from './sla.js';

/** Every minute: announce the cases' service-level breaches not yet announced (each once, see sweepBreaches). */
export const caseSlaBreaches = defineSchedule({
  name: 'cases.sla-breaches',
  cron: '* * * * *',
  async handle(ctx, { logger }) {
    const announced = await sweepCaseBreaches(ctx);
    if (announced > 0) logger.info({ announced }, 'case service-level breaches announced');
  },
});
