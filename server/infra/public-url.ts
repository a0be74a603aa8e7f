import { AsyncLocalStorage } from 'node:async_hooks';
import type { AppConfig } from '../config/env.js';

const requestOrigin = new AsyncLocalStorage<string>();

/** Runs `fn` (a request's handling) with its origin known to `publicUrl` below. */
export function runWithOrigin(origin: string, fn: () => void): void {
  requestOrigin.run(origin, fn);
}

/**
 * The app's address as people reach it, for links that leave the browser (a QR code, a link in an e-mail):
 * PUBLIC_BASE_URL when set; else the origin of the request being handled (Fastify reads X-Forwarded-Proto/Host
 * only from proxies TRUST_PROXY names); else, for work with no request behind it (a job, the CLI), this machine's
 * own address.
 */
export function publicBaseUrl(config: Pick<AppConfig, 'PUBLIC_BASE_URL' | 'PORT'>): string {
  return config.PUBLIC_BASE_URL ?? requestOrigin.getStore() ?? `http://localhost:${config.PORT}`;
}

/** An absolute URL of a local path (`/reset-password?token=...`). */
export function publicUrl(config: Pick<AppConfig, 'PUBLIC_BASE_URL' | 'PORT'>, path: string): string {
  return `${publicBaseUrl(config)}${path}`;
}
