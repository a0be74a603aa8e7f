import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_PRELOADS_FILE, type RoutePreloads } from '../../contract/route-preloads.js';
import { CLIENT_ROUTES, clientRouteName } from '../../contract/routes.js';
import { createTestApp, registerUser, type TestApp } from '../test/helpers.js';

// Design 11.3: precompressed hashed assets cached for a year, index.html never cached, client routes 200 and any
// other page 404 with the app shell, /robots.txt as text; decision 023: a route's HTML names its own code.
let t: TestApp;
let clientRoot: string;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
// Over the compression threshold, like the built index.html.
const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <title>Intel Portal</title>
    <meta name="description" content="${'An intelligence portal. '.repeat(60)}" />
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`;
// As the build writes it: the marketplace's chunk and one it imports, a member-only route's chunk, and a member's
// home page's.
const preloads: RoutePreloads = {
  marketplace: { scripts: ['/assets/marketplace-Ef56Gh78.js', '/assets/catalog-Ij90Kl12.js'], styles: [] },
  dashboard: { scripts: ['/assets/dashboard-Mn34Op56.js'], styles: ['/assets/dashboard-Qr78St90.css'] },
  memberHome: { scripts: ['/assets/home-Uv12Wx34.js'], styles: [] },
};
const sourceMap = JSON.stringify({ version: 3, sources: ['../../client/main.tsx'], mappings: 'AAAA' });
beforeAll(async () => {
  clientRoot = await mkdtemp(path.join(tmpdir(), 'client-'));
  await mkdir(path.join(clientRoot, 'assets'));
  await mkdir(path.join(clientRoot, path.dirname(ROUTE_PRELOADS_FILE)));
  await writeFile(path.join(clientRoot, 'index.html'), indexHtml);
  await writeFile(path.join(clientRoot, ROUTE_PRELOADS_FILE), JSON.stringify(preloads));
  await writeFile(path.join(clientRoot, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  const asset = path.join(clientRoot, 'assets', 'index-Ab12Cd34.js');
  await writeFile(asset, script);
  await writeFile(`${asset}.br`, brotliCompressSync(script));
  await writeFile(`${asset}.gz`, gzipSync(script));
  await writeFile(`${asset}.map`, sourceMap);
  for (const { scripts, styles } of Object.values(preloads))
    for (const file of [...scripts, ...styles]) await writeFile(path.join(clientRoot, file), '/* built */\n');
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
      `/reports/verify/${'a'.repeat(64)}`,
    ]) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
    }
    for (const url of ['/no-such-page', '/blog/a/b', '/marketplace/extra', '/wp-login.php']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.payload).toBe(indexHtml);
    }
    const api = await get('/api/no-such-call');
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('NOT_FOUND');
  });

  it("names a route's own code in its HTML, files that are served and cached for a year", async () => {
    const page = await get('/marketplace');
    const named = [
      ...page.payload.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="([^"]+)">/g),
    ].map((match) => match[1]!);
    expect(named).toEqual(preloads.marketplace!.scripts);
    // Beside the entry script's own tags, in the head.
    expect(page.payload.indexOf('/assets/marketplace-Ef56Gh78.js')).toBeGreaterThan(
      page.payload.indexOf('index-Ab'),
    );
    expect(page.payload.indexOf('/assets/catalog-Ij90Kl12.js')).toBeLessThan(page.payload.indexOf('</head>'));
    for (const file of named) {
      const asset = await get(file);
      expect(asset.statusCode, file).toBe(200);
      expect(asset.headers['cache-control'], file).toBe('public, max-age=31536000, immutable');
    }
    // Routes without code of their own, and unknown pages, get index.html as built.
    expect((await get('/team')).payload).toBe(indexHtml);
    expect((await get('/no-such-page')).payload).not.toContain('modulepreload');
  });

  it("names a member-only route's code only for a request with a session (anyone else gets the 404 page)", async () => {
    const signedOut = await get('/dashboard');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.payload).toBe(indexHtml);
    const { cookie } = await registerUser(t.app);
    const signedIn = await get('/dashboard', { cookie });
    expect(signedIn.payload).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/dashboard-Qr78St90.css">\n    ' +
        '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/dashboard-Mn34Op56.js">\n  </head>',
    );
  });

  it("names a member's home page's code at / for a request with a session (anyone else gets the landing page)", async () => {
    const signedOut = await get('/');
    expect(signedOut.statusCode).toBe(200);
    expect(signedOut.payload).toBe(indexHtml);
    const { cookie } = await registerUser(t.app);
    const signedIn = await get('/', { cookie });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.payload).toContain(
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/home-Uv12Wx34.js">\n  </head>',
    );
  });

  it('sends the pages brotli- or gzip-encoded as accepted, the same bytes for HEAD without a body', async () => {
    for (const url of ['/marketplace', '/no-such-page']) {
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString(), url).toBe((await get(url)).payload);
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toBe((await get(url)).payload);
      const plain = await get(url, { 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/marketplace',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toMatch(/^text\/html/);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.payload).toBe('');
    const missing = await t.app.inject({ method: 'HEAD', url: '/no-such-page' });
    expect(missing.statusCode).toBe(404);
  });

  it('declares an access policy on every route, the files public and reading no session', () => {
    expect(t.app.routeTable.filter((route) => !route.access).map((route) => route.url)).toEqual([]);
    const files = t.app.routeTable.filter(
      (route) => route.url.startsWith('/assets/') || route.url === '/robots.txt',
    );
    expect(files.length).toBeGreaterThan(6);
    for (const route of files) expect(route.access, route.url).toMatchObject({ tier: 0, session: false });
  });

  it('serves /robots.txt as text', async () => {
    const robots = await get('/robots.txt');
    expect(robots.statusCode).toBe(200);
    expect(robots.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('knows each route of the table, with one segment for each parameter', () => {
    for (const [name, route] of Object.entries(CLIENT_ROUTES))
      expect(clientRouteName(route.replace(/:[A-Za-z0-9]+/, 'x1')), route).toBe(name);
    expect(clientRouteName('/blog/')).toBe('blog');
    expect(clientRouteName('/product/')).toBeUndefined();
  });
});

describe('source maps', () => {
  /** An app on the same built client with these settings; closed after `body`. */
  async function withApp(env: Record<string, string>, body: (app: TestApp) => Promise<void>) {
    const other = await createTestApp(env, { clientRoot });
    try {
      await body(other);
    } finally {
      await other.close();
    }
  }
  const map = (app: TestApp) => app.app.inject({ url: '/assets/index-Ab12Cd34.js.map' });

  it('are served outside production, for the browser to show the source', async () => {
    const served = await map(t);
    expect(served.statusCode).toBe(200);
    expect(served.payload).toBe(sourceMap);
  });

  it('answer 404 in production unless SERVE_SOURCE_MAPS asks for them; the scripts are served either way', async () => {
    await withApp({ NODE_ENV: 'production' }, async (production) => {
      const refused = await map(production);
      expect(refused.statusCode).toBe(404);
      expect(refused.payload).not.toContain('mappings');
      // Any spelling of the path that names the same file.
      for (const url of [
        '/assets/./index-Ab12Cd34.js.map',
        '/assets/index-Ab12Cd34.js.map?x=1',
        '/assets//index-Ab12Cd34.js.map',
        '/assets/index-Ab12Cd34.js%2Emap',
        '/assets/index-Ab12Cd34%2Ejs%2emap',
      ]) {
        expect((await production.app.inject({ url })).payload, url).not.toContain('mappings');
      }
      expect((await production.app.inject({ url: '/assets/index-Ab12Cd34.js' })).statusCode).toBe(200);
    });
    await withApp({ NODE_ENV: 'production', SERVE_SOURCE_MAPS: '1' }, async (asked) => {
      expect((await map(asked)).statusCode).toBe(200);
    });
    await withApp({ SERVE_SOURCE_MAPS: '0' }, async (off) => {
      expect((await map(off)).statusCode).toBe(404);
    });
  });
});
