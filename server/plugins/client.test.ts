import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ROUTES, isClientRoute } from '../../contract/routes.js';
import { createTestApp, type TestApp } from '../test/helpers.js';

// Design 11.3: precompressed hashed assets cached for a year, index.html never cached, client routes 200 and any
// other page 404 with the app shell, /robots.txt as text.
let t: TestApp;
let clientRoot: string;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
beforeAll(async () => {
  clientRoot = await mkdtemp(path.join(tmpdir(), 'client-'));
  await mkdir(path.join(clientRoot, 'assets'));
  await writeFile(path.join(clientRoot, 'index.html'), '<!doctype html><title>Intel Portal</title>');
  await writeFile(path.join(clientRoot, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const asset = path.join(clientRoot, 'assets', 'index-Ab12Cd34.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  t = await createTestApp({}, { clientRoot });
});
afterAll(async () => {
  await t.close();
  await rm(clientRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('delivery of the client', () => {
  it('sends a hashed asset brotli- or gzip-encoded as accepted, cached for a year', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.payload).toBe(script);
  });

  it('answers every client route with the app, never cached, and any other page 404 with the app', async () => {
    for (const url of [
      '/',
      '/marketplace',
      '/blog/any-post',
      '/product/42',
      '/settings?tab=privacy',
      '/qr/expired',
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/no-such-page', '/blog/a/b', '/marketplace/extra', '/wp-login.php']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.payload).toContain('<title>Intel Portal</title>');
    }
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it('serves /robots.txt as text', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('knows each route of the table, with one segment for each parameter', () => {
    for (const route of Object.values(CLIENT_ROUTES))
      expect(isClientRoute(route.replace(':id', 'x1')), route).toBe(true);
    expect(isClientRoute('/blog/')).toBe(true);
    expect(isClientRoute('/product/')).toBe(false);
  });
});
