import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { JSON_MEDIA_TYPE } from '../lib/media-types.js';
import { TtlCache } from '../lib/ttl-cache.js';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/**
 * Answers smaller than this are sent as they are: they fit in the first TCP segments with their headers, so
 * compressing them costs CPU and saves no round trip (the figures are in decision 022 and `npm run bench`).
 */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Per answer, so speed counts: on the 24 KB product list brotli at quality 3 took 134 us for 8,510 bytes, gzip at
 * level 6 194 us for 8,313, brotli at 4 254 us for 8,370 (decision 022). Quality 11 is for build time only.
 */
export const BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: 3,
  },
};
export const GZIP_OPTIONS = { level: 6 };

/**
 * For a body every visitor is sent and that seldom changes (the digital suite): the most brotli and gzip can do,
 * made once per body off the event loop (sharedCompressed). On the suite's 12.4 KB, brotli 11 gives 3,814 bytes
 * against quality 3's 4,968 in 9.9 ms against 0.4 ms; gzip 9 4,789 in 0.5 ms.
 */
const BEST_BROTLI_OPTIONS = {
  params: {
    [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
  },
};
const BEST_GZIP_OPTIONS = { level: 9 };

export type ContentCoding = 'br' | 'gzip';

/**
 * The coding to answer with for an `Accept-Encoding` header (RFC 9110 12.5.3): brotli or gzip, the one with the
 * higher q-value, brotli on a tie; `*` stands for both; q=0 refuses. Undefined: send the body as it is.
 */
export function preferredCoding(header: string | string[] | undefined): ContentCoding | undefined {
  if (header === undefined) return undefined;
  // Browsers send the same few headers: each is read once (3% of a cached list's answer when parsed every time).
  if (typeof header === 'string') {
    const known = knownCodings.get(header);
    if (known !== undefined) return known || undefined;
    const coding = parseCoding(header);
    knownCodings.set(header, coding ?? '');
    return coding;
  }
  return parseCoding(header);
}

/**
 * Accept-Encoding headers read lately and their answer ('' for none), at most KNOWN_CODINGS so no client can grow
 * it. Process-wide, not per app: a memo of a pure function of the header, holding no app's data (decision 010).
 */
const KNOWN_CODINGS = 256;
const knownCodings = new TtlCache<string, ContentCoding | ''>(Infinity, KNOWN_CODINGS);

function parseCoding(header: string | string[]): ContentCoding | undefined {
  const weights = new Map<string, number>();
  for (const part of (Array.isArray(header) ? header.join(',') : header).split(',')) {
    const [token = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!token) continue;
    const qParam = params.find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    weights.set(token, Number.isFinite(q) ? Math.min(1, Math.max(0, q)) : 0);
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  if (br === 0 && gzip === 0) return undefined;
  return br >= gzip ? 'br' : 'gzip';
}

export function compressBody(coding: ContentCoding, body: string | Buffer): Buffer {
  return coding === 'br' ? brotliCompressSync(body, BROTLI_OPTIONS) : gzipSync(body, GZIP_OPTIONS);
}

/** A body sent again and again, with its compressed forms kept beside it. */
export interface CompressedBody {
  /** At least the threshold: sent compressed to clients that accept it. */
  large: boolean;
  br?: Buffer;
  gzip?: Buffer;
}

/** The compressed forms of a body: made on first use, or at once when `eager` (a page made at start). */
export function compressedOnce(body: string, { eager = false } = {}): CompressedBody {
  const large = Buffer.byteLength(body) >= COMPRESSION_THRESHOLD_BYTES;
  if (!large || !eager) return { large };
  return { large, br: compressBody('br', body), gzip: compressBody('gzip', body) };
}

/**
 * Sends a body that is sent again and again in the coding the client prefers, compressing it at most once per
 * coding (kept in `compressed`) instead of on every request. The reply's type is set by the caller.
 */
export function sendCompressed(
  request: FastifyRequest,
  reply: FastifyReply,
  body: string,
  compressed: CompressedBody,
): FastifyReply {
  if (!compressed.large) return reply.send(body);
  reply.header('vary', 'Accept-Encoding');
  const coding = preferredCoding(request.headers['accept-encoding']);
  if (coding === undefined) return reply.send(body);
  const encoded = (compressed[coding] ??= compressBody(coding, body));
  return reply.header('content-encoding', coding).send(encoded);
}

/**
 * Each cached page's compressed forms, beside the page: a weak side table keyed by the page object, which belongs
 * to one app's cache, so an entry lives as long as its page and no longer.
 */
const compressedPages = new WeakMap<object, CompressedBody>();

/**
 * Shared bodies' best compressed forms, by the body: the last few distinct ones. Process-wide, not per app: the
 * forms are a pure function of the body, so any app sending the same bytes may use them (decision 010).
 */
const SHARED_BODIES = 16;
const sharedBodies = new TtlCache<string, CompressedBody>(Infinity, SHARED_BODIES);

/**
 * The compressed forms of a body every visitor is sent: made once per distinct body at the best settings, on
 * libuv's threads so that no request waits for them; until they are ready, clients get the per-answer settings
 * (sendCompressed makes those), which they then replace. A cache that reads the same list again when it expires hands
 * out a new object with the same body, which finds its forms made.
 */
function sharedCompressed(body: string): CompressedBody {
  const found = sharedBodies.get(body);
  if (found !== undefined) return found;
  const entry: CompressedBody = { large: Buffer.byteLength(body) >= COMPRESSION_THRESHOLD_BYTES };
  if (entry.large) {
    brotliCompress(body, BEST_BROTLI_OPTIONS, (error, result) => {
      if (!error) entry.br = result;
    });
    gzip(body, BEST_GZIP_OPTIONS, (error, result) => {
      if (!error) entry.gzip = result;
    });
  }
  sharedBodies.set(body, entry);
  return entry;
}

/**
 * Sends a cached page (an object a service hands out again while it is cached) as JSON made once by `serialize`
 * (a `serializeOnce` serializer, which checks it against the response schema), compressed at most once per coding,
 * instead of compressing the same bytes again on every request. `shared`: the page is the same for every visitor
 * and seldom changes, so it is compressed at the best settings once per distinct body (sharedCompressed).
 */
export function sendCachedJson<T extends object>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: T,
  serialize: (page: T) => string,
  { shared = false } = {},
): FastifyReply {
  const json = serialize(page);
  let compressed = compressedPages.get(page);
  if (compressed === undefined) {
    compressed = shared ? sharedCompressed(json) : compressedOnce(json);
    compressedPages.set(page, compressed);
  }
  reply.type(JSON_MEDIA_TYPE);
  return sendCompressed(request, reply, json, compressed);
}

/**
 * Compresses answers of at least COMPRESSION_THRESHOLD_BYTES (JSON, HTML, text) when the client accepts brotli or
 * gzip (issue 19, design 11.3). Built assets are compressed at build time and served as they are; bodies that
 * arrive compressed are not inflated (no route takes them), so only answers are affected.
 */
async function compressionPlugin(app: FastifyInstance) {
  // Before the compression plugin's own onRoute hook: no route takes compressed request bodies.
  app.addHook('onRoute', (route) => {
    route.decompress ??= false;
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESSION_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });
}

export default fp(compressionPlugin, { name: 'compression' });
