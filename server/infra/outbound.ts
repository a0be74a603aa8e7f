import { createHmac } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

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

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", including the unspecified address
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, where cloud metadata services live
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Expands an IPv6 address to its eight 16-bit groups. */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().split('%')[0]!;
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1]!.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** The IPv4 address an IPv6 one stands for: mapped (::ffff:a.b.c.d), compatible (::a.b.c.d) or NAT64. */
function embeddedIpv4(address: string): string | null {
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const mapped = zeros(0, 5) && (g[5] === 0xffff || g[5] === 0);
  const nat64 = g[0] === 0x64 && g[1] === 0xff9b && zeros(2, 6);
  if (!mapped && !nat64) return null;
  // ::/96 with nothing in it is the unspecified or loopback address, which the IPv6 rules already cover.
  if (g[5] === 0 && !nat64 && g[6] === 0) return null;
  return [g[6]! >> 8, g[6]! & 0xff, g[7]! >> 8, g[7]! & 0xff].join('.');
}

/** True for addresses an outgoing request must not reach: loopback, private, link-local, CGNAT, multicast... */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address.split('%')[0]!, 'ipv6');
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
