import Fastify from 'fastify';
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { seedDatabase } from '../db/seed/seed.js';
import { createAppContext } from '../modules.js';
import { createTestApp, type TestApp } from '../test/helpers.js';
import { COMPRESSION_THRESHOLD_BYTES, preferredCoding, sendCachedJson } from './compression.js';

// Issue 19 point 1: JSON answers from COMPRESSION_THRESHOLD_BYTES up are compressed for clients that accept it,
// smaller ones and clients that do not are answered as they are.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDatabase(createAppContext(t.database.db, t.config));
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

function decode(coding: string | undefined, body: Buffer): string {
  if (coding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (coding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('preferredCoding', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['identity', undefined],
    ['deflate', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', undefined],
    ['gzip;q=0.8, br;q=0.8', 'br'],
    ['*', 'br'],
    ['*;q=0.1, gzip;q=0.5', 'gzip'],
    ['br;q=0, *', 'gzip'],
    ['BR', 'br'],
    ['gzip;q=abc', undefined],
  ])('%j -> %j', (header, expected) => {
    expect(preferredCoding(header)).toBe(expected);
    // Read again from what it remembers, the same.
    expect(preferredCoding(header)).toBe(expected);
  });

  it('answers the same once it has forgotten the headers it read, whatever came between', () => {
    expect(preferredCoding('gzip;q=0.9, br;q=0.1')).toBe('gzip');
    for (let i = 0; i < 1_000; i++) preferredCoding(`x-${i}, gzip;q=0`);
    expect(preferredCoding('gzip;q=0.9, br;q=0.1')).toBe('gzip');
    expect(preferredCoding('x-3, gzip;q=0')).toBeUndefined();
    expect(preferredCoding(['gzip;q=0.2', 'br;q=0.1'])).toBe('gzip');
  });
});

describe('compressed answers', () => {
  it('sends the product list brotli- or gzip-encoded as accepted, the same JSON once decoded', async () => {
    const plain = await get('/api/products');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    for (const [header, coding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      // Twice: the second answer comes from the cached page's compressed body.
      for (let round = 0; round < 2; round++) {
        const response = await get('/api/products', { 'accept-encoding': header });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(coding);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.headers['x-total-count']).toBe(plain.headers['x-total-count']);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        expect(decode(coding, response.rawPayload)).toBe(plain.payload);
      }
    }
  });

  it('compresses other JSON answers above the threshold too', async () => {
    const plain = await get('/api/digital-services');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const response = await get('/api/digital-services', { 'accept-encoding': 'gzip' });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(decode('gzip', response.rawPayload)).toBe(plain.payload);
  });

  it('sends the digital suite at the best settings once they are made, and makes them once per distinct body', async () => {
    const plain = await get('/api/digital-services');
    const best = {
      br: brotliCompressSync(plain.payload, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 11,
        },
      }),
      gzip: gzipSync(plain.payload, { level: 9 }),
    };
    for (const coding of ['br', 'gzip'] as const) {
      // The first answers may carry the per-answer settings' bytes; all decode to the suite.
      const first = await get('/api/digital-services', { 'accept-encoding': coding });
      expect(decode(coding, first.rawPayload)).toBe(plain.payload);
      await vi.waitFor(async () => {
        const later = await get('/api/digital-services', { 'accept-encoding': coding });
        expect(later.rawPayload.equals(best[coding])).toBe(true);
      });
    }

    // The same body in a new object (the suite read again when its cache expires): its forms are made already.
    const app = Fastify();
    app.get('/suite', (request, reply) =>
      sendCachedJson(request, reply, JSON.parse(plain.payload) as object, JSON.stringify, { shared: true }),
    );
    const again = await app.inject({ url: '/suite', headers: { 'accept-encoding': 'br' } });
    expect(again.headers['content-encoding']).toBe('br');
    expect(again.rawPayload.equals(best.br)).toBe(true);
    await app.close();
  });

  it('leaves answers below the threshold and refusing clients alone', async () => {
    const small = await get('/healthz', { 'accept-encoding': 'gzip, br' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    const refused = await get('/api/products', { 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(() => JSON.parse(refused.payload)).not.toThrow();
  });

  it('does not inflate compressed request bodies: the JSON parser refuses them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip', origin: 'http://localhost' },
      payload: Buffer.from([0x1f, 0x8b, 0x08, 0x00]),
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
  });
});
