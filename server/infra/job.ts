import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config/env.js';
import type { AppContext } from './context.js';

/**
 * How pg-boss retries a try that threw, written on each job when it is sent (decision 009): a queue's own defaults
 * would depend on which process created it first.
 */
export interface RetryPolicy {
  retryLimit?: number;
  /** Seconds before the first retry. */
  retryDelay?: number;
  /** Doubles the delay at each retry. */
  retryBackoff?: boolean;
  /** How long a try may run before the queue counts it as failed, however alive its process. */
  expireInSeconds?: number;
  /**
   * How long a try may go without its worker's heartbeat (sent every half of it while the handler runs) before the
   * queue counts its process as gone and retries it: a crashed instance's try is picked up this long after the
   * crash (plus the expiry check), not `expireInSeconds` after it started. At least 10; `JOB_HEARTBEAT_SECONDS` by
   * default.
   */
  heartbeatSeconds?: number;
}

/** Every job's heartbeat unless its definition says otherwise (decision 009). */
export const JOB_HEARTBEAT_SECONDS = 15;

/** What the queue needs to know of a kind of job to send and work it; a `JobDefinition` adds its handler. */
export interface JobSpec<S extends z.ZodType = z.ZodType> {
  /** The queue's name, `<module>.<what>`. Never renamed: jobs waiting under the old name would never run. */
  readonly name: string;
  /** Checked when a job is sent (a mismatch throws) and when it is worked (a mismatch fails that job). */
  readonly payload: S;
  /** The retries, or a function of the app's configuration that gives them. */
  readonly retry?: RetryPolicy | ((config: AppConfig) => RetryPolicy);
  /** Workers of this queue per instance (1 by default). */
  readonly concurrency?: number;
}

/** One try of a job, as its handler sees it. */
export interface JobRun {
  id: string;
  /** How many tries of this job ran before this one. */
  retryCount: number;
  logger: FastifyBaseLogger;
}

/** A kind of background job, defined once in its module and listed in the module's manifest (decision 009). */
export interface JobDefinition<S extends z.ZodType = z.ZodType> extends JobSpec<S> {
  /** Runs one job; a throw fails the try, which the queue retries while the retry policy allows. */
  handle(ctx: AppContext, data: z.output<S>, job: JobRun): Promise<void>;
}

/**
 * What a scheduled job carries: nothing (pg-boss's cron sends none, and a job sent by hand, as the tests do, may send
 * `{}`).
 */
export const schedulePayload = z.object({}).nullish();

/** Maintenance on a clock: a job the queue sends on `cron` (UTC) from whichever instance's clock fires first. */
export interface ScheduleDefinition extends JobDefinition<typeof schedulePayload> {
  readonly cron: string;
}

/** Defines a job: `send` and `work` take their payload's type from it. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** Defines a scheduled job (cron in UTC); its handler takes no payload. */
export function defineSchedule(definition: {
  name: string;
  cron: string;
  handle(ctx: AppContext, job: JobRun): Promise<void>;
}): ScheduleDefinition {
  return {
    name: definition.name,
    cron: definition.cron,
    payload: schedulePayload,
    handle: (ctx, _data, job) => definition.handle(ctx, job),
  };
}
