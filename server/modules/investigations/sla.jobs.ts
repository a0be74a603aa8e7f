import { defineSchedule } from '../../infra/job.js';
import { sweepInvestigationBreaches } from './sla.js';

/** Every minute: announce the requests' service-level breaches not yet announced (each once). */
export const investigationSlaBreaches = defineSchedule({
  name: 'investigations.sla-breaches',
  cron: '* * * * *',
  async handle(ctx, { logger }) {
    const announced = await sweepInvestigationBreaches(ctx);
    if (announced > 0) logger.info({ announced }, 'investigation service-level breaches announced');
  },
});
