import { defineSchedule } from '../../infra/job.js';
import { inOwnScope, type ServerModule } from '../../infra/module.js';
import { paymentsRoutes, stripeWebhookRoutes } from './payments.routes.js';
import * as payments from './payments.service.js';
import { refundJob } from './refunds.js';

export const paymentsModule = {
  name: 'payments',
  routes: [paymentsRoutes, inOwnScope(stripeWebhookRoutes)],
  jobs: [refundJob],
  schedules: {
    // The recovery path of decision 018: payments recorded but never handed to their provider (a crash between the
    // commit and the charge, a provider that could not be reached) are submitted again, or failed after an hour.
    submitWaiting: defineSchedule({
      name: 'payments.submit-waiting',
      cron: '* * * * *',
      async handle(ctx, { logger }) {
        const { submitted, failed, errors } = await payments.submitWaiting(ctx);
        if (submitted > 0 || failed > 0) logger.info({ submitted, failed }, 'waiting payments submitted');
        for (const error of errors) logger.warn(error, 'a waiting payment could not be submitted');
      },
    }),
  },
} satisfies ServerModule;
