import { z } from 'zod';
import { listQuerySchema } from './lists.js';

export const INTEGRATION_TYPES = ['telegram', 'discord', 'slack', 'webhook'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** `token` is a credential for the target service: stored, never sent back to the browser. */
export interface IntegrationConfig {
  token?: string;
  url?: string;
  channel?: string;
}

export const INTEGRATION_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type IntegrationDeliveryStatus = (typeof INTEGRATION_DELIVERY_STATUSES)[number];

export const INTEGRATION_TYPE_LABELS: Record<IntegrationType, string> = {
  slack: 'Slack',
  discord: 'Discord',
  telegram: 'Telegram',
  webhook: 'Webhook',
};

/** Where a masked secret's hidden part was. */
export const MASK = '••••';

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => value || undefined);

/** Accepts nothing, a blank (the form's empty field) or the text; every field's per-type rule is checked below. */
export const integrationConfigSchema = z.object({
  token: optionalText(500, 'Token'),
  url: optionalText(2_000, 'URL'),
  channel: optionalText(200, 'Chat id'),
});
export type IntegrationConfigInput = z.input<typeof integrationConfigSchema>;

const TELEGRAM_TOKEN = /^\d{3,}:[A-Za-z0-9_-]{20,}$/;
const TELEGRAM_CHAT = /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{3,31})$/;
export const WEBHOOK_SECRET_MIN = 16;

/** http is accepted only for the machine itself, which outgoing requests refuse unless private targets are allowed. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseUrl(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

function isHttpsUrl(value: string): boolean {
  const url = parseUrl(value);
  return (
    !!url && (url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)))
  );
}

function isHttpUrl(value: string): boolean {
  const url = parseUrl(value);
  return !!url && (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
}

export interface IntegrationConfigIssue {
  path: 'token' | 'url' | 'channel';
  message: string;
}

/**
 * What a type needs (the form's config is free-form; the senders need these): Slack and Discord an https
 * incoming-webhook URL, Telegram a bot token and a chat id, a webhook an http(s) URL and optionally its signing
 * secret (the server makes one when none is given). One function for the create form, the create request and
 * the merged result of an update.
 */
export function integrationConfigIssues(
  type: IntegrationType,
  config: IntegrationConfig,
): IntegrationConfigIssue[] {
  const issues: IntegrationConfigIssue[] = [];
  for (const path of ['token', 'url'] as const) {
    // A masked value sent back (a form filled from the list) would overwrite the real secret with dots.
    if (config[path]?.includes(MASK))
      issues.push({ path, message: 'Enter the full value, not the masked one' });
  }
  if (issues.length > 0) return issues;
  switch (type) {
    case 'slack':
    case 'discord':
      if (!config.url || !isHttpsUrl(config.url)) {
        issues.push({
          path: 'url',
          message: `${INTEGRATION_TYPE_LABELS[type]} needs its incoming-webhook URL (https://...)`,
        });
      }
      break;
    case 'telegram':
      if (!config.token || !TELEGRAM_TOKEN.test(config.token)) {
        issues.push({ path: 'token', message: 'Telegram needs a bot token such as 123456789:AAE...' });
      }
      if (!config.channel || !TELEGRAM_CHAT.test(config.channel)) {
        issues.push({
          path: 'channel',
          message: 'Telegram needs a chat id such as -1001234567890 or @channel',
        });
      }
      break;
    case 'webhook':
      if (!config.url || !isHttpUrl(config.url)) {
        issues.push({ path: 'url', message: 'The webhook needs an http or https URL' });
      }
      if (config.token !== undefined && config.token.length < WEBHOOK_SECRET_MIN) {
        issues.push({
          path: 'token',
          message: `The signing secret must be at least ${WEBHOOK_SECRET_MIN} characters (or leave it empty)`,
        });
      }
      break;
  }
  return issues;
}

const name = z
  .string({ error: 'Name must be at least 3 characters' })
  .trim()
  .min(3, 'Name must be at least 3 characters')
  .max(100, 'Name must be at most 100 characters');

/** `POST /api/integrations`. */
export const createIntegrationRequestSchema = z
  .object({
    type: z.enum(INTEGRATION_TYPES, { error: 'Type must be telegram, discord, slack or webhook' }),
    name,
    config: integrationConfigSchema.prefault({}),
  })
  .superRefine((value, ctx) => {
    for (const issue of integrationConfigIssues(value.type, value.config)) {
      ctx.addIssue({ code: 'custom', path: ['config', issue.path], message: issue.message });
    }
  });
export type CreateIntegrationRequest = z.input<typeof createIntegrationRequestSchema>;

/**
 * `PATCH /api/integrations/{id}`: rename, switch on or off, or replace config fields (a field left out keeps its
 * stored value; the merged config must still satisfy the type).
 */
export const updateIntegrationRequestSchema = z
  .object({
    name: name.optional(),
    isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
    config: integrationConfigSchema.optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: 'Nothing to change',
  });
export type UpdateIntegrationRequest = z.input<typeof updateIntegrationRequestSchema>;

/** An integration as the browser sees it: secrets masked (`••••abcd`), URLs as origin plus a masked path. */
export const integrationSchema = z.object({
  id: z.string(),
  type: z.enum(INTEGRATION_TYPES),
  name: z.string(),
  config: z.object({
    token: z.string().optional(),
    url: z.string().optional(),
    channel: z.string().optional(),
  }),
  /** A token or signing secret is stored. */
  hasToken: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Integration = z.infer<typeof integrationSchema>;

/** The create answer: a webhook's signing secret in full, this once (the receiver needs it to check signatures). */
export const createdIntegrationSchema = integrationSchema.extend({ signingSecret: z.string().optional() });
export type CreatedIntegration = z.infer<typeof createdIntegrationSchema>;

export const integrationDeliverySchema = z.object({
  id: z.string(),
  integrationId: z.string(),
  event: z.string(),
  message: z.string().nullable(),
  status: z.enum(INTEGRATION_DELIVERY_STATUSES),
  attempts: z.number().int(),
  /** The target's last HTTP status, when it answered. */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  deliveredAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type IntegrationDelivery = z.infer<typeof integrationDeliverySchema>;

export const integrationDeliveriesQuerySchema = listQuerySchema;

/** Masks all of a secret but its last four characters (none of a short one). */
export function maskSecret(secret: string): string {
  return secret.length >= 12 ? `${MASK}${secret.slice(-4)}` : MASK;
}

/** A URL with its path and query hidden: webhook URLs carry their secret there. */
export function maskUrl(value: string): string {
  const url = parseUrl(value);
  if (!url) return MASK;
  const rest = value.slice(url.origin.length);
  return rest.length > 1 ? `${url.origin}/${maskSecret(rest)}` : url.origin;
}
