import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Requests to addresses users type in (webhooks, chat services). Without care they reach whatever the server can:
 * the database, a cloud metadata endpoint, an admin page on localhost (SSRF). So the host is resolved once, every
 * address is vetted, and the connection goes to the vetted address itself: a DNS answer that changes between the
 * check and the connect (rebinding) is never asked for.
 */

export type OutboundFailure = 'INVALID_URL' | 'BLOCKED_TARGET' | 'UNRESOLVED' | 'TIMEOUT' | 'NETWORK';

export class OutboundError extends Error {
  constructor(
    readonly reason: OutboundFailure,
    message: string,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (dns.lookup, as the rest of Node does); tests pass a fake. */
export type HostLookup = (hostname: string) => Promise<ResolvedAddress[]>;

const systemLookup: HostLookup = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/** IANA's global unicast space (2000::/3): an IPv6 address outside it is no place a webhook can live. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
/** RFC 8215's local-use NAT64 prefix: a private translator, whatever address it embeds. */
const LOCAL_NAT64 = ipaddr.parseCIDR('64:ff9b:1::/48') as [ipaddr.IPv6, number];

const ipv4At = (bytes: number[], offset: number, mask = 0) =>
  new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((byte) => byte ^ mask));

/**
 * The IPv4 addresses an IPv6 address leads to when it is one of the forms that wrap one: IPv4-mapped, NAT64's
 * well-known prefix (64:ff9b::/96), 6to4 (2002::/16, the relay's gateway) and Teredo (2001::/32: the server, and the
 * client, stored inverted). Null for any other address; an empty list for a form that is refused whole.
 */
function wrappedIpv4(address: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const bytes = address.toByteArray();
  switch (address.range()) {
    case 'ipv4Mapped':
      return [ipv4At(bytes, 12)];
    case 'rfc6052':
      return address.match(LOCAL_NAT64) ? [] : [ipv4At(bytes, 12)];
    case '6to4':
      return [ipv4At(bytes, 2)];
    case 'teredo':
      return [ipv4At(bytes, 4), ipv4At(bytes, 12, 0xff)];
    default:
      return null;
  }
}

/**
 * True only for an address a request to a user-given URL may reach (decision 005, design 11.5): an allow-list, not a
 * table of refused ranges. ipaddr.js classifies it against the IANA special-purpose registries and only `unicast`
 * passes: IPv4 outside every special range; IPv6 inside 2000::/3 and outside every special range, after unwrapping
 * the forms that carry an IPv4 address (each of which must pass as IPv4). Anything else, a zone (`%eth0`) included,
 * is refused.
 */
export function isAllowedAddress(text: string): boolean {
  // Only the canonical spellings DNS answers and the URL parser write; `127.1` or `2130706433` here is a caller's bug.
  if (text.includes('%') || isIP(text) === 0) return false;
  const address = ipaddr.parse(text);
  if (address.kind() === 'ipv4') return address.range() === 'unicast';
  const v6 = address as ipaddr.IPv6;
  const wrapped = wrappedIpv4(v6);
  if (wrapped) return wrapped.length > 0 && wrapped.every((v4) => v4.range() === 'unicast');
  return v6.range() === 'unicast' && v6.match(GLOBAL_UNICAST_V6);
}

/** True for addresses an outgoing request must not reach: everything but global unicast. */
export function isBlockedAddress(address: string): boolean {
  return !isAllowedAddress(address);
}

export interface TargetOptions {
  /** Let private and loopback targets through (ALLOW_PRIVATE_WEBHOOK_TARGETS, for tests and local development). */
  allowPrivate?: boolean;
  lookup?: HostLookup;
}

export interface ResolvedTarget extends ResolvedAddress {
  url: URL;
}

/**
 * Parses `url`, resolves its host and vets every address it has (one bad address refuses the lot: the connection
 * could land on any of them). Answers the address to connect to.
 */
export async function resolveTarget(url: string | URL, options: TargetOptions = {}): Promise<ResolvedTarget> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new OutboundError('INVALID_URL', 'The address is not a valid URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new OutboundError('INVALID_URL', 'Only http and https addresses can be called');
  }
  if (parsed.username || parsed.password) {
    throw new OutboundError('INVALID_URL', 'Addresses with a user name or password are not allowed');
  }
  const host = parsed.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  let addresses: ResolvedAddress[];
  if (literal) {
    addresses = [{ address: host, family: literal === 6 ? 6 : 4 }];
  } else {
    try {
      addresses = await (options.lookup ?? systemLookup)(host);
    } catch {
      throw new OutboundError('UNRESOLVED', `The host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new OutboundError('UNRESOLVED', `The host ${host} has no address`);
  }
  if (!options.allowPrivate && addresses.some(({ address }) => isBlockedAddress(address))) {
    throw new OutboundError(
      'BLOCKED_TARGET',
      'The address points to a private, loopback or link-local network, which is not allowed',
    );
  }
  return { url: parsed, ...addresses[0]! };
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface SafeFetchOptions extends TargetOptions {
  /** For the whole exchange, connect to last byte. */
  timeoutMs?: number;
  /** The response body is cut here; callers read a status and a short message, never a download. */
  maxBodyBytes?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body was longer than `maxBodyBytes` and was cut. */
  truncated: boolean;
}

/**
 * One HTTP request to a vetted address. Redirects are answered as they are (never followed: a 302 to
 * http://169.254.169.254/ would otherwise bypass every check). Throws OutboundError when the request could not be
 * made or got no answer; any HTTP answer, 5xx included, is a response.
 */
export async function safeFetch(
  url: string | URL,
  init: OutboundRequest = {},
  options: SafeFetchOptions = {},
): Promise<OutboundResponse> {
  const target = await resolveTarget(url, options);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const maxBodyBytes = options.maxBodyBytes ?? 64 * 1024;
  const body = init.body === undefined ? undefined : Buffer.from(init.body, 'utf8');
  const client = target.url.protocol === 'https:' ? https : http;

  return new Promise<OutboundResponse>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
    };
    const request = client.request(
      target.url,
      {
        method: init.method ?? 'GET',
        headers: {
          ...init.headers,
          ...(body ? { 'content-length': String(body.length) } : {}),
        },
        agent: false,
        // The only answer this request may get for its host: the address vetted above (TLS still checks the name).
        lookup: (_hostname, lookupOptions, callback) => {
          if ((lookupOptions as { all?: boolean }).all) {
            (callback as unknown as (err: null, addresses: ResolvedAddress[]) => void)(null, [
              { address: target.address, family: target.family },
            ]);
          } else {
            callback(null, target.address, target.family);
          }
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        const done = () =>
          finish(() =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              body: Buffer.concat(chunks).toString('utf8'),
              truncated,
            }),
          );
        response.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = maxBodyBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            truncated = true;
            done();
            response.destroy();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', done);
        response.on('error', (error) =>
          finish(() => reject(new OutboundError('NETWORK', `The response broke off: ${describe(error)}`))),
        );
      },
    );
    const timer = setTimeout(() => {
      finish(() => reject(new OutboundError('TIMEOUT', `No answer within ${timeoutMs} ms`)));
      request.destroy();
    }, timeoutMs);
    request.on('error', (error) =>
      finish(() => reject(new OutboundError('NETWORK', `The request failed: ${describe(error)}`))),
    );
    request.end(body);
  });
}

/** A network error's code (ECONNREFUSED, CERT_HAS_EXPIRED...), never the URL it was for (it may hold a token). */
function describe(error: unknown): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'connection error';
}

/** The X-Signature a webhook receiver recomputes: hex HMAC-SHA256 of `${timestamp}.${body}`. */
export function signWebhook(secret: string, timestamp: number | string, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}
