import type { IntegrationType } from '../../../contract/integrations.js';
import { OutboundError, safeFetch, signWebhook, type OutboundResponse } from '../../infra/outbound.js';

/** What one try came to: the worker retries `retry`, and stops on the others. */
export type SendOutcome =
  | { result: 'delivered'; status: number }
  | { result: 'retry'; status: number | null; error: string; retryAfterMs?: number }
  | { result: 'failed'; status: number | null; error: string };

export interface SendOptions {
  allowPrivate: boolean;
  telegramApiBase: string;
  timeoutMs?: number;
  /** The clock for X-Timestamp and sentAt (tests pin it). */
  now?: () => Date;
}

export interface OutgoingMessage {
  event: string;
  message: string;
  data?: Record<string, unknown>;
}

/** The secrets (sealed at rest) and settings one integration sends with. */
export interface SenderConfig {
  url?: string;
  token?: string;
  channel?: string;
}

/** Retry-After longer than this is not waited for: the try is retried at this delay instead. */
export const RETRY_AFTER_CAP_MS = 15 * 60_000;
const USER_AGENT = 'IntelPortal-Integrations/1.0';
// The services' own limits; a longer text would be refused outright.
const DISCORD_MAX = 2_000;
const TELEGRAM_MAX = 4_096;

/** Retry-After as seconds or an HTTP date, in ms from `now`, capped; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | string[] | undefined, now: Date): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const trimmed = text.trim();
  let ms: number;
  if (/^\d+$/.test(trimmed)) {
    ms = Number(trimmed) * 1000;
  } else {
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return undefined;
    ms = at - now.getTime();
  }
  return Math.min(Math.max(ms, 0), RETRY_AFTER_CAP_MS);
}

/** A short, safe reason from the target's answer (Telegram and Slack say what was wrong in the body). */
function reason(response: OutboundResponse): string {
  let detail = response.body.trim();
  try {
    const parsed = JSON.parse(detail) as { description?: unknown; message?: unknown; error?: unknown };
    const text = parsed.description ?? parsed.message ?? parsed.error;
    if (typeof text === 'string') detail = text;
  } catch {
    // Not JSON: the text itself.
  }
  detail = detail.replace(/\s+/g, ' ').slice(0, 200);
  return detail ? `HTTP ${response.status}: ${detail}` : `HTTP ${response.status}`;
}

/** 2xx delivered; 429, 5xx retried; anything else (other 4xx, a redirect) will not get better by retrying. */
export function classify(response: OutboundResponse, now: Date): SendOutcome {
  const { status } = response;
  if (status >= 200 && status < 300) return { result: 'delivered', status };
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(response.headers['retry-after'], now);
    return {
      result: 'retry',
      status,
      error: reason(response),
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    };
  }
  if (status >= 500) return { result: 'retry', status, error: reason(response) };
  if (status >= 300 && status < 400) {
    return { result: 'failed', status, error: `HTTP ${status}: redirects are not followed` };
  }
  return { result: 'failed', status, error: reason(response) };
}

async function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SendOptions,
): Promise<SendOutcome> {
  const now = options.now?.() ?? new Date();
  try {
    const response = await safeFetch(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, ...headers },
        body,
      },
      { allowPrivate: options.allowPrivate, timeoutMs: options.timeoutMs ?? 10_000 },
    );
    return classify(response, now);
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    // A refused or malformed address stays refused; a network failure or a timeout may pass.
    const permanent = error.reason === 'BLOCKED_TARGET' || error.reason === 'INVALID_URL';
    return { result: permanent ? 'failed' : 'retry', status: null, error: error.message };
  }
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** Slack incoming webhook: `{text}`. */
export function sendSlack(url: string, message: OutgoingMessage, options: SendOptions): Promise<SendOutcome> {
  return postJson(url, JSON.stringify({ text: message.message }), {}, options);
}

/** Discord webhook: `{content}` (2000 characters at most). */
export function sendDiscord(
  url: string,
  message: OutgoingMessage,
  options: SendOptions,
): Promise<SendOutcome> {
  return postJson(url, JSON.stringify({ content: clip(message.message, DISCORD_MAX) }), {}, options);
}

/** Telegram Bot API: `POST {base}/bot<token>/sendMessage {chat_id, text}`. */
export function sendTelegram(
  token: string,
  chatId: string,
  message: OutgoingMessage,
  options: SendOptions,
): Promise<SendOutcome> {
  const url = `${options.telegramApiBase}/bot${token}/sendMessage`;
  return postJson(
    url,
    JSON.stringify({ chat_id: chatId, text: clip(message.message, TELEGRAM_MAX) }),
    {},
    options,
  );
}

/**
 * Generic webhook: `{event, data, sentAt}` signed so the receiver can trust it: `X-Timestamp` (unix seconds) and
 * `X-Signature: sha256=<hex HMAC-SHA256 of "timestamp.body">`; the timestamp lets it refuse replays.
 */
export function sendWebhook(
  url: string,
  secret: string,
  message: OutgoingMessage,
  options: SendOptions,
): Promise<SendOutcome> {
  const now = options.now?.() ?? new Date();
  const timestamp = Math.floor(now.getTime() / 1000);
  const body = JSON.stringify({
    event: message.event,
    data: { ...message.data, message: message.message },
    sentAt: now.toISOString(),
  });
  return postJson(
    url,
    body,
    { 'x-timestamp': String(timestamp), 'x-signature': `sha256=${signWebhook(secret, timestamp, body)}` },
    options,
  );
}

/** Sends through an integration of `type` with its opened config. */
export function send(
  type: IntegrationType,
  config: SenderConfig,
  message: OutgoingMessage,
  options: SendOptions,
): Promise<SendOutcome> {
  const missing = (what: string): Promise<SendOutcome> =>
    Promise.resolve({ result: 'failed', status: null, error: `The integration has no ${what}` });
  switch (type) {
    case 'slack':
      return config.url ? sendSlack(config.url, message, options) : missing('webhook URL');
    case 'discord':
      return config.url ? sendDiscord(config.url, message, options) : missing('webhook URL');
    case 'telegram':
      return config.token && config.channel
        ? sendTelegram(config.token, config.channel, message, options)
        : missing('bot token or chat id');
    case 'webhook':
      return config.url && config.token
        ? sendWebhook(config.url, config.token, message, options)
        : missing('URL or signing secret');
  }
}
