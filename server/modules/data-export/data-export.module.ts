import { defineSchedule } from '../../infra/job.js';
import type { ServerModule } from '../../infra/module.js';
import { dataExportRoutes } from './data-export.routes.js';
import * as dataExport from './data-export.service.js';

export const dataExportModule = {
  name: 'data-export',
  routes: [dataExportRoutes],
  schedules: {
    purgeDataExports: defineSchedule({
      name: 'privacy.purge-expired-exports',
      cron: '17 3 * * *',
      async handle(ctx, { logger }) {
        const { dropped, stale } = await dataExport.purgeExpired(ctx);
        if (dropped > 0 || stale > 0) logger.info({ dropped, stale }, 'expired data exports cleared');
      },
    }),
  },
  jobs: [dataExport.exportJob],
} satisfies ServerModule;
