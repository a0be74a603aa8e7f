import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../config/env.js';
import { localUrl } from './banner.js';

type UrlConfig = Pick<AppConfig, 'PUBLIC_BASE_URL' | 'HOST' | 'PORT'>;

/**
 * The app's address as people reach it, for links that leave the browser (a link in an e-mail, a QR code, a
 * report): PUBLIC_BASE_URL when set, else the address this server listens on, which is right on the machine that
 * runs it.
 *
 * A link handed back to the caller who asked for it (a QR code's image, a report they download) may use that
 * request's own origin instead (`requestOrigin` below), as the caller can only mislead themselves. A mailed link never
 * does: whoever sends a request chooses its Host header, and a reset link mailed to someone else must not point
 * where the sender chose (password reset poisoning).
 */
export function publicBaseUrl(config: UrlConfig, requestOrigin?: string): string {
  return config.PUBLIC_BASE_URL ?? requestOrigin ?? localUrl(config.HOST, config.PORT);
}

/** An absolute URL of a local path (`/reset-password?token=...`), for mail: see `publicBaseUrl`. */
export function publicUrl(config: UrlConfig, path: string): string {
  return `${publicBaseUrl(config)}${path}`;
}

/** The origin a request was sent to (X-Forwarded-Proto and -Host count only from the proxies TRUST_PROXY names). */
export function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
