import { z } from 'zod';
import type { JobSpec } from '../../infra/job.js';

/** Indicators one matching job reads: a 10,000-object import is ten jobs, each a bounded amount of memory. */
export const MATCH_JOB_INDICATORS = 1_000;

/**
 * The matching of stored or changed indicators against every case's observables, as a queue knows it. Kept apart
 * from its handler (observables.matching.ts) so the threats module can queue it in the transaction that changes the
 * indicator index: the job exists if and only if that change commits (decision 006), and a crash between the commit
 * and the queueing cannot lose it.
 */
export const matchIndicatorsSpec = {
  name: 'observables.match-indicators',
  payload: z.object({ stixIds: z.array(z.string().max(300)).max(MATCH_JOB_INDICATORS) }),
  retry: { retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 600 },
} satisfies JobSpec;
