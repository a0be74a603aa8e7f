import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  integrationConfigIssues,
  maskSecret,
  maskUrl,
  type CreatedIntegration,
  type Integration,
  type IntegrationConfig,
  type IntegrationDelivery,
  type createIntegrationRequestSchema,
  type updateIntegrationRequestSchema,
} from '../../../contract/integrations.js';
import type { AppContext } from '../../infra/context.js';
import { defineJob } from '../../infra/job.js';
import { conflict, notFound, validationFailed, type Issue } from '../../lib/errors.js';
import { isId } from '../../lib/ids.js';
import { OutboundError, resolveTarget } from '../../infra/outbound.js';
import { SecretBox } from '../../lib/secret-box.js';
import type { UserRow } from '../../db/schema/users.js';
import * as repository from './integrations.repository.js';
import type { DeliveryRow, IntegrationRow } from './integrations.repository.js';
import { send, type SendOutcome } from './senders.js';

type CreateInput = z.output<typeof createIntegrationRequestSchema>;
type UpdateInput = z.output<typeof updateIntegrationRequestSchema>;

/**
 * The job that sends one try of a queued integration message. pg-boss retries only a crashed worker (the database
 * went away); a try that got an answer queues the next one itself (`deliver`).
 */
export const deliveryJob = defineJob({
  name: 'integrations.deliver',
  payload: z.object({ deliveryId: z.string() }),
  retry: { retryLimit: 3, retryDelay: 5, retryBackoff: true },
  async handle(ctx, data, { logger }) {
    const delivery = await deliver(ctx, data.deliveryId);
    if (delivery?.status === 'failed') {
      logger.warn(
        { deliveryId: delivery.id, integrationId: delivery.integrationId, attempts: delivery.attempts },
        'integration delivery failed',
      );
    }
  },
});

/** Tries per delivery; the waits between them double from INTEGRATION_RETRY_BASE_MS (10 s, 20 s, 40 s, 80 s). */
export const MAX_ATTEMPTS = 5;

/** The sealed part of an integration: webhook URLs (Slack's and Discord's carry their secret), tokens, secrets. */
interface Secrets {
  url?: string;
  token?: string;
}

// Its own key from the server's encryption key, so integration secrets and TOTP secrets never share one.
const box = (ctx: AppContext) => new SecretBox(`integrations:${ctx.config.mfaEncryptionKey}`);

function openSecrets(ctx: AppContext, row: IntegrationRow): Secrets {
  if (!row.credentials) return {};
  try {
    return JSON.parse(box(ctx).open(row.credentials)) as Secrets;
  } catch {
    // Sealed under another key: shown as missing, and sending reports it; the owner re-enters it.
    return {};
  }
}

/** Seals what `type` sends with (a field another type would use is dropped, not kept unseen). */
function sealSecrets(ctx: AppContext, type: IntegrationRow['type'], { url, token }: Secrets): string {
  const kept: Secrets = type === 'telegram' ? { token } : type === 'webhook' ? { url, token } : { url };
  return box(ctx).seal(JSON.stringify(kept));
}

function toIntegration(ctx: AppContext, row: IntegrationRow): Integration {
  const secrets = openSecrets(ctx, row);
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    config: {
      ...(secrets.url ? { url: maskUrl(secrets.url) } : {}),
      ...(secrets.token ? { token: maskSecret(secrets.token) } : {}),
      ...(row.config.channel ? { channel: row.config.channel } : {}),
    },
    hasToken: !!secrets.token,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toDelivery(row: DeliveryRow): IntegrationDelivery {
  const message = row.payload['message'];
  return {
    id: row.id,
    integrationId: row.integrationId,
    event: row.event,
    message: typeof message === 'string' ? message : null,
    status: row.status,
    attempts: row.attempts,
    responseStatus: row.responseStatus,
    error: row.error,
    deliveredAt: row.deliveredAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function configIssues(type: IntegrationRow['type'], config: IntegrationConfig): Issue[] {
  return integrationConfigIssues(type, config).map((issue) => ({
    path: `config.${issue.path}`,
    message: issue.message,
  }));
}

/**
 * Refuses, when it is saved, a URL whose host is (or resolves to) a private address, so the owner hears at once.
 * Each send checks again: what a name resolves to can change. A name that does not resolve now may later.
 */
async function checkTarget(ctx: AppContext, url: string | undefined): Promise<void> {
  if (!url || ctx.config.ALLOW_PRIVATE_WEBHOOK_TARGETS) return;
  const timeout = new Promise<null>((resolve) => setTimeout(resolve, 3_000, null).unref());
  try {
    await Promise.race([resolveTarget(url), timeout]);
  } catch (error) {
    if (error instanceof OutboundError && error.reason !== 'UNRESOLVED') {
      throw validationFailed([{ path: 'config.url', message: error.message }]);
    }
  }
}

async function ownIntegration(ctx: AppContext, userId: string, id: string): Promise<IntegrationRow> {
  const found = isId(id) ? await repository.findOwnIntegration(ctx.db, userId, id) : null;
  if (!found) throw notFound('Integration');
  return found;
}

export async function listIntegrations(
  ctx: AppContext,
  user: UserRow,
  limit: number,
): Promise<Integration[]> {
  return (await repository.listIntegrations(ctx.db, user.id, limit)).map((row) => toIntegration(ctx, row));
}

/** `POST /api/integrations`. A webhook without a signing secret gets one, shown in full in this answer only. */
export async function createIntegration(
  ctx: AppContext,
  user: UserRow,
  input: CreateInput,
): Promise<CreatedIntegration> {
  const { type, config } = input;
  await checkTarget(ctx, config.url);
  const generated =
    type === 'webhook' && !config.token ? `whsec_${randomBytes(24).toString('hex')}` : undefined;
  const row = await repository.insertIntegration(ctx.db, {
    userId: user.id,
    type,
    name: input.name,
    config: type === 'telegram' && config.channel ? { channel: config.channel } : {},
    credentials: sealSecrets(ctx, type, { url: config.url, token: generated ?? config.token }),
  });
  return { ...toIntegration(ctx, row), ...(generated ? { signingSecret: generated } : {}) };
}

/** `PATCH /api/integrations/{id}`: name, on/off, and config fields replaced one by one (the rest kept). */
export async function updateIntegration(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: UpdateInput,
): Promise<Integration> {
  const row = await ownIntegration(ctx, user.id, id);
  const changes: Parameters<typeof repository.updateIntegration>[2] = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.isActive !== undefined) changes.isActive = input.isActive;
  if (input.config) {
    const secrets = openSecrets(ctx, row);
    const merged: IntegrationConfig = {
      url: input.config.url ?? secrets.url,
      token: input.config.token ?? secrets.token,
      channel: input.config.channel ?? row.config.channel,
    };
    const issues = configIssues(row.type, merged);
    if (issues.length > 0) throw validationFailed(issues);
    if (input.config.url) await checkTarget(ctx, merged.url);
    changes.credentials = sealSecrets(ctx, row.type, merged);
    changes.config = row.type === 'telegram' && merged.channel ? { channel: merged.channel } : {};
  }
  return toIntegration(ctx, await repository.updateIntegration(ctx.db, row.id, changes));
}

/** Deleting an integration takes its delivery log with it; queued sends find nothing and stop. */
export async function deleteIntegration(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  const row = await ownIntegration(ctx, user.id, id);
  await repository.deleteIntegration(ctx.db, row.id);
}

export async function listDeliveries(
  ctx: AppContext,
  user: UserRow,
  id: string,
  limit: number,
): Promise<IntegrationDelivery[]> {
  const row = await ownIntegration(ctx, user.id, id);
  return (await repository.listDeliveries(ctx.db, row.id, limit)).map(toDelivery);
}

/**
 * Queues a message through one of the user's integrations (the test button here; automation rules' actions).
 * NotFound when it is not theirs, a conflict when it is switched off. The send runs as a job with retries.
 */
export async function queueDelivery(
  ctx: AppContext,
  input: {
    userId: string;
    integrationId: string;
    event: string;
    message: string;
    data?: Record<string, unknown>;
  },
): Promise<{ deliveryId: string }> {
  const integration = await ownIntegration(ctx, input.userId, input.integrationId);
  if (!integration.isActive) throw conflict('The integration is inactive; enable it to send');
  const delivery = await repository.insertDelivery(ctx.db, {
    integrationId: integration.id,
    event: input.event.slice(0, 200),
    payload: { message: input.message, ...(input.data ? { data: input.data } : {}) },
  });
  try {
    await ctx.queue.send(deliveryJob, { deliveryId: delivery.id });
  } catch (error) {
    await repository.recordOutcome(ctx.db, delivery.id, {
      status: 'failed',
      responseStatus: null,
      error: 'The delivery could not be queued',
      deliveredAt: null,
    });
    throw error;
  }
  return { deliveryId: delivery.id };
}

/** `POST /api/integrations/{id}/test`: a test message, queued like any other; answers the pending delivery. */
export async function sendTestMessage(
  ctx: AppContext,
  user: UserRow,
  id: string,
): Promise<IntegrationDelivery> {
  const row = await ownIntegration(ctx, user.id, id);
  const { deliveryId } = await queueDelivery(ctx, {
    userId: user.id,
    integrationId: row.id,
    event: 'test',
    message: `Test message from Intel Portal: the integration "${row.name}" works.`,
    data: { integrationId: row.id, integrationName: row.name },
  });
  return toDelivery((await repository.findDelivery(ctx.db, deliveryId))!);
}

/** How long to wait before try `attempt + 1`: the target's Retry-After when it gave one, else doubling backoff. */
export function retryDelayMs(ctx: AppContext, attempt: number, outcome: SendOutcome): number {
  if (outcome.result === 'retry' && outcome.retryAfterMs !== undefined) return outcome.retryAfterMs;
  return ctx.config.INTEGRATION_RETRY_BASE_MS * 2 ** (attempt - 1);
}

/**
 * The job: one try of one delivery. Each try counts in `attempts` and leaves the target's status or the error;
 * a retryable failure queues the next try for later (pg-boss's startAfter), until MAX_ATTEMPTS.
 */
export async function deliver(ctx: AppContext, deliveryId: string): Promise<DeliveryRow | null> {
  const found = await repository.findDeliveryWithIntegration(ctx.db, deliveryId);
  if (!found || found.delivery.status !== 'pending') return null;
  const { integration } = found;
  if (!integration.isActive) {
    return repository.recordOutcome(ctx.db, deliveryId, {
      status: 'failed',
      responseStatus: null,
      error: 'The integration was switched off before the message was sent',
      deliveredAt: null,
    });
  }
  const attempt = await repository.startAttempt(ctx.db, deliveryId);
  if (!attempt) return null;

  const payload = attempt.payload as { message?: unknown; data?: unknown };
  const outcome = await send(
    integration.type,
    { ...openSecrets(ctx, integration), channel: integration.config.channel },
    {
      event: attempt.event,
      message: typeof payload.message === 'string' ? payload.message : '',
      data:
        payload.data && typeof payload.data === 'object'
          ? (payload.data as Record<string, unknown>)
          : undefined,
    },
    { allowPrivate: ctx.config.ALLOW_PRIVATE_WEBHOOK_TARGETS, telegramApiBase: ctx.config.TELEGRAM_API_BASE },
  );

  if (outcome.result === 'delivered') {
    return repository.recordOutcome(ctx.db, deliveryId, {
      status: 'delivered',
      responseStatus: outcome.status,
      error: null,
      deliveredAt: new Date(),
    });
  }
  const again = outcome.result === 'retry' && attempt.attempts < MAX_ATTEMPTS;
  const recorded = await repository.recordOutcome(ctx.db, deliveryId, {
    status: again ? 'pending' : 'failed',
    responseStatus: outcome.status,
    error: outcome.error,
    deliveredAt: null,
  });
  if (again) {
    await ctx.queue.send(
      deliveryJob,
      { deliveryId },
      { startAfter: new Date(Date.now() + retryDelayMs(ctx, attempt.attempts, outcome)) },
    );
  }
  return recorded;
}
