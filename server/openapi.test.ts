import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdFor, SIGNED_IN } from './plugins/docs.js';
import { setUserTier } from './test/fixtures.js';
import { createTestApp, registerUser, type TestApp } from './test/helpers.js';

/**
 * The API description (issue 21 point 2, design 11.5) against what the server does. Each operation's `security`
 * is read from its route's guards when the document is built; here every operation is called to check it says
 * what the server enforces: a protected one answers 401 UNAUTHENTICATED without credentials and lets both a
 * session cookie and an API key through, a public one lets an anonymous caller through. Nothing is generated.
 */

interface Operation {
  operationId?: string;
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
  summary?: string;
}
interface Document {
  openapi: string;
  info: { license?: { name: string } };
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

let t: TestApp;
let document: Document;
let cookie: string;
let apiKey: string;

beforeAll(async () => {
  t = await createTestApp();
  const director = await registerUser(t.app);
  // A Director, so that no tier gate stands between a signed-in caller and the route.
  await setUserTier(t, director.id, 4);
  cookie = director.cookie;
  const key = await t.app.inject({
    method: 'POST',
    url: '/api/api-keys',
    headers: { cookie },
    payload: { name: 'OpenAPI check', permissions: ['admin'] },
  });
  expect(key.statusCode, key.body).toBe(201);
  apiKey = key.json<{ key: string }>().key;
  document = t.app.swagger() as unknown as Document;
});
afterAll(() => t?.close());

function operations(): { method: string; path: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    METHODS.filter((method) => item[method]).map((method) => ({ method, path, operation: item[method]! })),
  );
}

/** A request the route's guard decides before anything else reads it: ids are random, bodies empty JSON. */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'json'>;

/** Routes whose answer is a stream that never ends by itself: only their status is read, then the stream closed. */
const STREAMS = new Set(['/api/events']);

async function call(method: string, path: string, headers: Record<string, string>): Promise<Answer> {
  const url = path.replace(/\{\*\}/g, 'any').replace(/\{[^}]+\}/g, () => randomUUID());
  if (STREAMS.has(path)) {
    const response = await t.app.inject({ url, headers, payloadAsStream: true });
    const stream = response.stream();
    let body = '';
    if (response.statusCode === 200) stream.destroy();
    else for await (const chunk of stream) body += String(chunk);
    return { statusCode: response.statusCode, json: <T>() => (body ? JSON.parse(body) : {}) as T };
  }
  const withBody = method === 'post' || method === 'put' || method === 'patch';
  return t.app.inject({
    method: method.toUpperCase() as 'GET',
    url,
    headers: { ...headers, ...(withBody ? { 'content-type': 'application/json' } : {}) },
    ...(withBody ? { payload: '{}' } : {}),
  });
}

/** The guard's refusal (a route's own 401s, such as a wrong password, carry other codes). */
const refusedByGuard = (response: Answer) =>
  response.statusCode === 401 && response.json<{ code: string }>().code === 'UNAUTHENTICATED';

/** Calls that end the caller's session: made last, with a session of their own. */
const ENDS_SESSION = new Set(['post /api/auth/logout', 'get /api/logout']);

describe('the OpenAPI document', () => {
  it('has servers, a licence, and on every operation an operationId, a summary, security and its 4xx answers', () => {
    expect(document.servers?.length).toBeGreaterThan(0);
    expect(document.info.license?.name).toBeTruthy();
    const ids = new Set<string>();
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    for (const { method, path, operation } of all) {
      const where = `${method.toUpperCase()} ${path}`;
      expect(operation.operationId, where).toMatch(/^[a-z][A-Za-z0-9]+$/);
      expect(ids.has(operation.operationId!), `${where} repeats ${operation.operationId}`).toBe(false);
      ids.add(operation.operationId!);
      expect(operation.summary, where).toBeTruthy();
      expect(Array.isArray(operation.security), where).toBe(true);
      const statuses = Object.keys(operation.responses ?? {});
      // What it answers when it works: a 2xx, or the 302 of a full-page navigation.
      expect(
        statuses.filter((status) => /^[23]\d\d$/.test(status)).length,
        `${where}: its success`,
      ).toBeGreaterThan(0);
      expect(statuses, where).toContain('429');
      if (method === 'post' || method === 'put' || method === 'patch')
        expect(statuses, where).toContain('415');
      if (operation.security!.length > 0) expect(statuses, where).toContain('401');
    }
  });

  it('names each operation after its method and path', () => {
    expect(operationIdFor('GET', '/api/automation/rules/:id/runs')).toBe('getAutomationRulesByIdRuns');
    expect(operationIdFor('post', '/api/automation/rules/{id}/execute')).toBe(
      'postAutomationRulesByIdExecute',
    );
    expect(operationIdFor('get', '/healthz')).toBe('getHealthz');
    expect(document.paths['/api/cart']!.get!.operationId).toBe('getCart');
  });

  it('says for every operation the security its route enforces', async () => {
    const mismatches: string[] = [];
    let protectedCount = 0;
    let publicCount = 0;
    const later: (() => Promise<void>)[] = [];
    for (const { method, path, operation } of operations()) {
      const where = `${method} ${path}`;
      const security = operation.security!;
      const anonymous = () => call(method, path, {});
      if (security.length === 0) {
        publicCount += 1;
        const check = async () => {
          if (refusedByGuard(await anonymous()))
            mismatches.push(`${where}: public in the document, 401 without credentials`);
        };
        if (ENDS_SESSION.has(where)) later.push(check);
        else await check();
        continue;
      }
      if (path === '/api/auth/login/mfa') {
        // The session cookie of a sign-in half-way through 2FA: any other caller is refused.
        expect(security).toEqual([{ session: [] }]);
        const code = JSON.stringify({ code: '123456' });
        const json = { 'content-type': 'application/json' };
        expect(
          (await t.app.inject({ method: 'POST', url: path, headers: json, payload: code })).statusCode,
        ).toBe(401);
        const signedIn = { ...json, cookie };
        expect(
          (await t.app.inject({ method: 'POST', url: path, headers: signedIn, payload: code })).statusCode,
        ).toBe(401);
        continue;
      }
      protectedCount += 1;
      expect(security, where).toEqual(SIGNED_IN);
      const none = await anonymous();
      if (!refusedByGuard(none))
        mismatches.push(`${where}: protected in the document, ${none.statusCode} without credentials`);
      const withKey = await call(method, path, { authorization: `Bearer ${apiKey}` });
      if (withKey.statusCode === 401) mismatches.push(`${where}: documents apiKey, 401 with an admin key`);
      const withSession = await call(method, path, { cookie });
      if (withSession.statusCode === 401) mismatches.push(`${where}: documents a session, 401 with one`);
    }
    for (const check of later) await check();
    expect(mismatches).toEqual([]);
    // Both kinds exist, so neither branch above is empty.
    expect(protectedCount).toBeGreaterThan(50);
    expect(publicCount).toBeGreaterThan(10);
  });
});
