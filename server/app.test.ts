import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app.js';
import { createTestDatabase, testConfig } from './test/helpers.js';
import type { Database } from './db/client.js';
import type { FastifyInstance } from 'fastify';

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  const clientRoot = await mkdtemp(path.join(os.tmpdir(), 'client-'));
  await writeFile(
    path.join(clientRoot, 'index.html'),
    '<!doctype html><title>portal</title><div id="root"></div>',
  );
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, clientRoot });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('health', () => {
  it('/healthz answers ok and /readyz checks the database and its migrations', async () => {
    const health = await app.inject({ url: '/healthz' });
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['content-type']).toBe('application/json; charset=utf-8');
    const ready = await app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ok' });
  });

  // Decision 032: what a load balancer's probe costs is the hooks every request runs. A new global hook shows here.
  it('/healthz runs only the header hook, the session check and its own duration', async () => {
    const routes = app.printRoutes({ includeHooks: true, commonPrefix: false });
    const probe = routes.slice(routes.indexOf('/healthz (GET)'), routes.indexOf('/healthz (HEAD)'));
    expect(probe.match(/\(\w+\) \[.*\]/g)).toEqual([
      '(onRequest) ["answerHeaders()","sessionOrKey()"]',
      '(onResponse) ["observe()"]',
    ]);
  });

  it('/readyz answers 503 when migrations are missing', async () => {
    await database.pool.query('alter table drizzle.__drizzle_migrations rename to __moved');
    try {
      const ready = await app.inject({ url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('unavailable');
    } finally {
      await database.pool.query('alter table drizzle.__moved rename to __drizzle_migrations');
    }
  });
});

describe('routing and the SPA fallback', () => {
  it('serves index.html for client routes (200) and for unknown page paths (404), where the client router shows its 404', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/marketplace', 200],
      ['/no/such/page', 404],
    ] as const) {
      const response = await app.inject({ url, headers: { accept: 'text/html' } });
      expect(response.statusCode, url).toBe(status);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root">');
    }
  });

  it('answers unknown /api paths with the JSON 404 error body', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope'],
      ['DELETE', '/api/also/nope'],
    ] as const) {
      const response = await app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});

describe('security headers', () => {
  it('sends a strict CSP and the usual hardening headers', async () => {
    const response = await app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBeDefined();
  });
});

describe('OpenAPI docs', () => {
  it('publishes a document generated from the zod schemas', async () => {
    const response = await app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const register = doc.paths['/api/auth/register'].post;
    const schema = register.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect((await app.inject({ url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it("gives the docs page a CSP of its own that allows the UI's style attributes and nothing else more", async () => {
    const page = await app.inject({ url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')*;/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toContain('validator.swagger.io');
    expect(csp).toContain("object-src 'none'");
    // The app's own pages keep theirs.
    expect(String((await app.inject({ url: '/' })).headers['content-security-policy'])).toContain(
      "frame-ancestors 'none'",
    );
  });
});

describe('bad input never becomes a 500', () => {
  it('answers malformed JSON, oversized bodies and odd methods with 4xx error bodies', async () => {
    const malformed = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", "password": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('VALIDATION_FAILED');

    const empty = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(empty.statusCode).toBe(400);

    const huge = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2_000_000) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe('PAYLOAD_TOO_LARGE');

    const proto = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"admin": true}, "email": "a@b.c", "password": "p"}',
    });
    expect(proto.statusCode).toBe(400);

    const odd = await app.inject({ method: 'PROPFIND' as 'GET', url: '/api/auth/user' });
    expect(odd.statusCode).toBeGreaterThanOrEqual(400);
    expect(odd.statusCode).toBeLessThan(500);
  });
});

// Decision 048: Fastify makes a request class per scope, and the code every request runs slows down once it has
// seen more classes than V8 tracks one by one; only route plugins that change their scope get one of their own.
describe('scopes', () => {
  it('serves the routes of every module in the app scope but those that change their scope', async () => {
    const scoped = await buildApp({ config: testConfig(), database });
    // A hook added to the app's scope once the routes are in reaches the routes of that scope, not of a scope made
    // before it; it keeps each request's class.
    const classes = new Map<string, object>();
    scoped.addHook('onRequest', (request, _reply, done) => {
      classes.set(request.routeOptions.url ?? 'unmatched', Object.getPrototypeOf(request) as object);
      done();
    });
    await scoped.ready();
    try {
      const shared = ['/healthz', '/api/products', '/api/blog', '/api/cart', '/api/cases'];
      for (const url of [...shared, '/taxii2/']) await scoped.inject({ url });
      expect([...classes.keys()]).toEqual(shared);
      expect(new Set(classes.values()).size).toBe(1);
      // The TAXII feed has its own error handler and body parser: a scope, and a request class, of its own.
      expect(classes.has('/taxii2/')).toBe(false);
    } finally {
      await scoped.close();
    }
  });
});
