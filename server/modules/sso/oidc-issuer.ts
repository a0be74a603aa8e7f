import * as oidc from 'openid-client';
import type { AppContext } from '../../infra/context.js';
import { OutboundError, safeFetch } from '../../infra/outbound.js';
import type { CachedAnswer } from './sso.state.js';

/*
 * The issuer as openid-client sees it. Every request to it (discovery, JWKS, the token endpoint) goes through the
 * outbound guard (an issuer is an outgoing address, design 11.5), and its GET answers are kept for their HTTP
 * lifetime (decision 040): a sign-in reads the discovery document and the JWKS from memory while they are fresh.
 */

/** The longest an issuer's document is kept, whatever its max-age says. */
const MAX_LIFETIME_MS = 24 * 60 * 60_000;
const MAX_ANSWER_BYTES = 512 * 1024;

/** How long an answer may be reused, from its Cache-Control (and Age): 0 when it may not be stored. */
export function freshnessMs(cacheControl: string | undefined, age: string | undefined): number {
  if (!cacheControl) return 0;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((part) => part.trim());
  if (directives.some((d) => d === 'no-store' || d === 'no-cache')) return 0;
  const maxAge = directives.find((d) => d.startsWith('max-age='));
  const seconds = maxAge ? Number.parseInt(maxAge.slice('max-age='.length), 10) : NaN;
  if (!Number.isFinite(seconds) || seconds <= 0) return 0;
  const used = Number.parseInt(age ?? '0', 10);
  return Math.min(Math.max(0, seconds - (Number.isFinite(used) ? used : 0)) * 1000, MAX_LIFETIME_MS);
}

function toResponse(answer: Pick<CachedAnswer, 'status' | 'headers' | 'body'>): Response {
  const empty = answer.status === 204 || answer.status === 304;
  return new Response(empty ? null : answer.body, { status: answer.status, headers: answer.headers });
}

function bodyText(body: unknown): string | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string') return body;
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof Uint8Array) return Buffer.from(body).toString('utf8');
  if (body instanceof ArrayBuffer) return Buffer.from(body).toString('utf8');
  throw new OutboundError('INVALID_URL', 'A streamed request body cannot be sent to an issuer');
}

/** openid-client's fetch: the outbound guard, and the HTTP cache of the issuers' GET answers. */
export function issuerFetch(ctx: AppContext): oidc.CustomFetch {
  const documents = ctx.modules.sso.documents;
  return async (url, options) => {
    const method = (options.method ?? 'GET').toUpperCase();
    if (method === 'GET') {
      const hit = documents.get(url);
      if (hit && hit.freshUntil > Date.now()) return toResponse(hit);
    }
    const headers: Record<string, string> = {};
    new Headers(options.headers as ConstructorParameters<typeof Headers>[0]).forEach(
      (value, name) => (headers[name] = value),
    );
    const answer = await safeFetch(
      url,
      { method, headers, body: bodyText(options.body) },
      { allowPrivate: ctx.config.ALLOW_PRIVATE_SSO_ISSUERS, maxBodyBytes: MAX_ANSWER_BYTES },
    );
    if (answer.truncated) throw new OutboundError('NETWORK', 'The issuer answered with more than 512 KB');
    const pairs: [string, string][] = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) pairs.push([name, one]);
    }
    const result = { status: answer.status, headers: pairs, body: answer.body };
    if (method === 'GET' && answer.status === 200) {
      const lifetime = freshnessMs(answer.headers['cache-control'], answer.headers.age as string | undefined);
      if (lifetime > 0) documents.set(url, { ...result, freshUntil: Date.now() + lifetime });
    }
    return toResponse(result);
  };
}

export interface IssuerSettings {
  issuer: string;
  oidcClientId: string;
  clientSecret: string;
}

/**
 * Reads the issuer's discovery document (from the cache while fresh) and answers the client configuration for it.
 * openid-client checks that the document names this issuer. Plain http only where ALLOW_PRIVATE_SSO_ISSUERS allows
 * loopback issuers (tests); throws OutboundError or openid-client's errors.
 */
export async function issuerConfiguration(ctx: AppContext, settings: IssuerSettings) {
  const url = new URL(settings.issuer);
  const insecure = url.protocol === 'http:';
  if (insecure && !ctx.config.ALLOW_PRIVATE_SSO_ISSUERS) {
    throw new OutboundError('INVALID_URL', 'The issuer must be an https address');
  }
  const fetcher = issuerFetch(ctx);
  const configuration = await oidc.discovery(
    url,
    settings.oidcClientId,
    undefined,
    oidc.ClientSecretBasic(settings.clientSecret),
    { [oidc.customFetch]: fetcher, execute: insecure ? [oidc.allowInsecureRequests] : [] },
  );
  configuration[oidc.customFetch] = fetcher;
  // An ID token from the token endpoint is otherwise trusted for the TLS connection it came over (OIDC Core
  // 3.1.3.7): design 12.4 asks for its signature to be checked against the issuer's JWKS all the same.
  oidc.enableNonRepudiationChecks(configuration);
  return configuration;
}
