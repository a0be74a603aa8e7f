import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asUser, createTestApp, registerUser, testConfig, type TestApp } from '../test/helpers.js';
import securityPlugin, {
  apiSecurityHeaders,
  helmetOptions,
  isApiPath,
  rateLimitKey,
  securityHeaders,
} from './security.js';

// Decisions 014 and 024: the security headers are computed once at start (a page's and an API answer's) and set on
// every answer; the CSRF and media type checks are hooks of the routes that mutate. Nothing they refuse gets through.
let t: TestApp;
let clientRoot: string;
beforeAll(async () => {
  clientRoot = await mkdtemp(path.join(tmpdir(), 'client-'));
  await writeFile(path.join(clientRoot, 'index.html'), '<!doctype html><title>Intel Portal</title>');
  await mkdir(path.join(clientRoot, 'assets'));
  await writeFile(path.join(clientRoot, 'assets', 'app-1234.js'), 'void 0;');
  t = await createTestApp({}, { clientRoot });
});
afterAll(async () => {
  await t.close();
  await rm(clientRoot, { recursive: true, force: true });
});

/** What @fastify/helmet, run per request as before, sends with the same options. */
async function helmetPerRequest(config: Parameters<typeof helmetOptions>[0]) {
  const reference = Fastify();
  // @fastify/helmet bundles its own copy of helmet's option types; the options are the same object.
  await reference.register(fastifyHelmet, helmetOptions(config) as FastifyHelmetOptions);
  reference.get('/', async () => 'ok');
  const response = await reference.inject({ url: '/' });
  await reference.close();
  return response.headers;
}

describe('security headers, computed once', () => {
  it('are the headers helmet sets per request, with and without TLS', async () => {
    for (const secure of ['0', '1']) {
      const config = testConfig({ COOKIE_SECURE: secure });
      const headers = securityHeaders(config);
      expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(headers['strict-transport-security'] !== undefined).toBe(secure === '1');
      const reference = await helmetPerRequest(config);
      for (const [name, value] of Object.entries(headers)) expect(reference[name], name).toBe(value);
      const helmetNames = Object.keys(reference).filter(
        (name) => !['content-type', 'content-length', 'date', 'connection'].includes(name),
      );
      expect(Object.keys(headers).sort()).toEqual(helmetNames.sort());
    }
  });

  it("are on every answer, a page's set or an API answer's, refusals and 404s included", async () => {
    const page = securityHeaders(t.ctx.config);
    const api = apiSecurityHeaders(page);
    const { cookie } = await registerUser(t.app);
    const apiAnswers = [
      await t.app.inject({ url: '/healthz' }),
      await t.app.inject({ url: '/api/products' }),
      await t.app.inject({ url: '/api/cart', headers: { cookie } }),
      await t.app.inject({ url: '/api/cart' }),
      await t.app.inject({ url: '/api/nope' }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: { 'sec-fetch-site': 'cross-site' },
      }),
    ];
    const pages = [
      await t.app.inject({ url: '/dashboard' }),
      await t.app.inject({ url: '/no-such-page' }),
      await t.app.inject({ url: '/assets/app-1234.js' }),
    ];
    expect(apiAnswers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 401, 404, 403]);
    expect(pages.map((answer) => answer.statusCode)).toEqual([200, 404, 200]);
    for (const [answers, expected, other] of [
      [apiAnswers, api, page],
      [pages, page, api],
    ] as const) {
      for (const answer of answers) {
        for (const [name, value] of Object.entries(expected)) expect(answer.headers[name], name).toBe(value);
        // Nothing of the other set that this one leaves out.
        for (const name of Object.keys(other).filter((name) => !(name in expected))) {
          expect(answer.headers[name], name).toBeUndefined();
        }
      }
    }
  });

  it('leave the API documentation a page, with the CSP its own plugin sets', async () => {
    const docs = await t.app.inject({ url: '/api/docs' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['x-frame-options']).toBe(securityHeaders(t.ctx.config)['x-frame-options']);
    expect(docs.headers['content-security-policy']).not.toContain("default-src 'none'");
  });

  it("give an API answer a CSP that allows nothing, no framing, no sniffing, and the page set's HSTS", () => {
    for (const secure of ['0', '1']) {
      const page = securityHeaders(testConfig({ COOKIE_SECURE: secure }));
      expect(apiSecurityHeaders(page)).toEqual({
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'cross-origin-resource-policy': 'same-origin',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        ...(secure === '1' ? { 'strict-transport-security': page['strict-transport-security'] } : {}),
      });
    }
    for (const path of [
      '/api/products',
      '/api/cart?x=1',
      '/api/docsx',
      '/api/doc',
      '/healthz',
      '/readyz',
      '/metrics',
      '/taxii2/',
      '/scim/v2/Users',
    ]) {
      expect(isApiPath(path), path).toBe(true);
    }
    for (const path of [
      '/',
      '/marketplace',
      '/api/docs',
      '/api/docs/',
      '/api/docs/static/index.html',
      '/api/docs?theme=dark',
      '/apix',
      '/api',
      '/scim',
    ]) {
      expect(isApiPath(path), path).toBe(false);
    }
  });
});

describe('the per-address limit', () => {
  it('keys IPv4 addresses as they are, IPv6 ones by their /64 and mapped ones as IPv4', () => {
    expect(rateLimitKey('203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(rateLimitKey('2001:db8:1:2:aaaa::1')).toBe(rateLimitKey('2001:DB8:1:2:bbbb:cccc:dddd:eeee'));
    expect(rateLimitKey('2001:db8:1:2::1')).not.toBe(rateLimitKey('2001:db8:1:3::1'));
    expect(rateLimitKey('not:an:address')).toBe('not:an:address');
  });

  it('lets a request through whose connection closed while an earlier hook awaited, without an error', async () => {
    // As a browser that cancels a request during its session's read: by the limit's turn the socket has no address.
    const app = Fastify();
    await app.register(securityPlugin, { config: testConfig() });
    // The request ends in the handler, or in an error.
    let settle = (_outcome: string) => {};
    const settled = new Promise<string>((resolve) => (settle = resolve));
    app.addHook('onError', (_request, _reply, error, done) => {
      settle(error.message);
      done();
    });
    app.delete(
      '/api/things/:id',
      {
        onRequest: async (request) => {
          const socket = request.raw.socket;
          if (!socket.destroyed) await new Promise((resolve) => socket.once('close', resolve));
          expect(request.ip).toBeUndefined();
        },
      },
      async () => {
        settle('handled');
        return { ok: true };
      },
    );
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = app.server.address() as AddressInfo;
      const client = connect(port, '127.0.0.1', () => {
        client.end('DELETE /api/things/7 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n', () => client.destroy());
      });
      expect(await settled).toBe('handled');
    } finally {
      await app.close();
    }
  });

  it("counts the API's answers and pages, never the built client's files", async () => {
    const limited = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MIN: '3' }, { clientRoot });
    try {
      // One after another: requests counted in the same tick all read the store's final count.
      const statuses = async (url: string) => {
        const seen: number[] = [];
        for (let i = 0; i < 5; i++) seen.push((await limited.app.inject({ url })).statusCode);
        return seen;
      };
      expect(await statuses('/assets/app-1234.js')).toEqual([200, 200, 200, 200, 200]);
      expect(await statuses('/healthz')).toEqual([200, 200, 200, 200, 200]);
      expect(await statuses('/api/products')).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await limited.close();
    }
  });

  it('tells each address its allowance, answers 429 with Retry-After once it is spent, and starts again a minute on', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-30T09:00:00Z'), toFake: ['Date'] });
    const limited = await createTestApp({ RATE_LIMIT_GLOBAL_PER_MIN: '2' });
    try {
      const get = (remoteAddress: string) => limited.app.inject({ url: '/api/blog', remoteAddress });
      const allowance = (response: Awaited<ReturnType<typeof get>>) =>
        ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].map(
          (name) => response.headers[name],
        );
      const first = await get('203.0.113.7');
      expect(first.statusCode).toBe(200);
      expect(allowance(first)).toEqual(['2', '1', '60']);
      vi.setSystemTime(new Date('2026-11-30T09:00:20Z'));
      expect(allowance(await get('203.0.113.7'))).toEqual(['2', '0', '40']);
      const refused = await get('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        code: 'RATE_LIMITED',
        message: 'Too many requests. Try again later.',
      });
      expect(refused.headers['retry-after']).toBe('40');
      expect(allowance(refused)).toEqual(['2', '0', '40']);
      // Another address has its own allowance; the same /64 of IPv6 shares one.
      expect((await get('203.0.113.8')).statusCode).toBe(200);
      expect((await get('2001:db8:1:2::1')).statusCode).toBe(200);
      expect((await get('2001:db8:1:2::2')).statusCode).toBe(200);
      expect((await get('2001:db8:1:2::3')).statusCode).toBe(429);
      // The first address's minute ends 60 s after its first request.
      vi.setSystemTime(new Date('2026-11-30T09:00:59.900Z'));
      expect((await get('203.0.113.7')).statusCode).toBe(429);
      vi.setSystemTime(new Date('2026-11-30T09:01:00Z'));
      const again = await get('203.0.113.7');
      expect(again.statusCode).toBe(200);
      expect(allowance(again)).toEqual(['2', '1', '60']);
    } finally {
      await limited.close();
      vi.useRealTimers();
    }
  });
});

describe('the mutation checks, on the routes that mutate', () => {
  it("refuse a signed-in browser's cross-site or cross-origin mutation, and never a read", async () => {
    const { cookie } = await registerUser(t.app);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
      payload: {},
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Cross-site request refused' });
    const crossOrigin = await t.app.inject({
      method: 'DELETE',
      url: '/api/cart/x',
      headers: { cookie, origin: 'https://evil.example', host: 'localhost:5000' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.json().message).toBe('Cross-origin request refused');
    // The refused logout left the session alone.
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie, 'sec-fetch-site': 'cross-site' },
    });
    expect(logout.statusCode).toBe(403);
    expect((await asUser(t.app, { cookie }).get('/api/auth/user')).statusCode).toBe(200);
    // Reads are not mutations: a cross-site GET (a link followed) is answered.
    const read = await t.app.inject({ url: '/api/products', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
  });

  it('refuse a body that is not JSON with 415 and a body nested too deep with 400', async () => {
    const { cookie } = await registerUser(t.app);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: { cookie, 'content-type': 'text/plain' },
      payload: 'productId=1',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const deep = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie, 'content-type': 'application/json' },
      payload: `${'{"a":'.repeat(200)}1${'}'.repeat(200)}`,
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: expect.stringContaining('nests'),
    });
  });
});
