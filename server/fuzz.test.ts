import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as sessions from './modules/auth/sessions.service.js';
import type { RouteEntry } from './plugins/route-table.js';
import { createCategory, createProduct, setUserTier } from './test/fixtures.js';
import { createTestApp, registerUser, type TestApp } from './test/helpers.js';
import { defOf, isOptionalKey, sampleValid, toQueryString, validArbitrary } from './test/zod-arbitrary.js';

/**
 * API fuzzing (issue 10.2): for every route in Fastify's table, requests drawn from its zod schemas, valid and
 * malformed, sent as anonymous, tier 1 and tier 4. No answer may be a 5xx, and afterwards no stored row may break
 * what the response schemas promise. FUZZ_SEED and FUZZ_RUNS (total requests) override the defaults.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 12_000);
const CONCURRENCY = 8;

type Who = 'anonymous' | 'tier1' | 'tier4';
type BodyKind =
  | { kind: 'valid'; value: unknown }
  | { kind: 'json'; value: unknown; label: string }
  | { kind: 'raw'; payload: string; contentType?: string; label: string };

interface FuzzRequest {
  who: Who;
  params: Record<string, string>;
  /** Already encoded, with its leading `?` (or empty). */
  query: string;
  body: BodyKind | null;
  /** Swap ids for ones the app handed out earlier in the run (so requests reach records, not only 404s). */
  knownIds: number | null;
}

/** Calls that end or replace the caller's session get a session of their own. */
const ENDS_SESSION = new Set([
  'POST /api/auth/logout',
  'GET /api/logout',
  'POST /api/auth/login',
  'POST /api/auth/register',
]);

// ---- malformed values -------------------------------------------------------------------------------------------

const CONTROL_AND_UNICODE = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\ud800',
  '\udfff\ud800',
  '\u202egnp.exe',
  '\ufeff',
  'Z̴̡̛a̶l̷g̸o̵',
  '𝕳𝖊𝖑𝖑𝖔 👩‍👩‍👧‍👦',
  '\r\n\r\nSet-Cookie: x=1',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '../../../../etc/passwd',
  '%00%ff%',
  '\\u0000',
  '1e309',
  '-0',
  'NaN',
);
const ODD_STRING = fc.oneof(
  CONTROL_AND_UNICODE,
  fc.string({ unit: 'binary', maxLength: 50 }),
  fc.string({ unit: 'grapheme', maxLength: 50 }),
);
const HUGE_STRING = fc.constantFrom(100_000, 400_000).map((size) => 'A'.repeat(size));
const WRONG_TYPED = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
  ODD_STRING,
  fc.constant(Number.MAX_SAFE_INTEGER + 2),
  fc.constant(-1),
);
/** Deeply nested JSON as text (building it as an object would overflow the test's own stack in JSON.stringify). */
const DEEP_TEXT = fc
  .tuple(fc.constantFrom(100, 1_000, 5_000, 20_000), fc.boolean())
  .map(([depth, asArray]) =>
    asArray
      ? `${'['.repeat(depth)}"x"${']'.repeat(depth)}`
      : `${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}`,
  );
const ODD_ID = fc.oneof(
  ODD_STRING.filter((value) => value.length > 0),
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '00000000-0000-0000-0000-000000000000',
    'null',
    'undefined',
    ' ',
    'ÿ'.repeat(100),
  ),
  fc.constant('x'.repeat(150)),
  fc.constant('x'.repeat(250)),
  fc.constantFrom(
    'RAW:%ff%fe',
    'RAW:%',
    'RAW:%E0%A4%A',
    'RAW:%2e%2e%2f%2e%2e',
    'RAW:a%00b',
    'RAW:..',
    'RAW:%C0%AF',
  ),
  fc.uuid(),
  fc.integer().map(String),
);

function objectKeys(schema: RouteEntry['body']): string[] {
  if (!schema) return [];
  let def = defOf(schema);
  // Look through wrappers to the object (or a union of objects) inside.
  for (let i = 0; i < 5 && def.type !== 'object'; i++) {
    if (def.innerType) def = defOf(def.innerType);
    else if (def.type === 'pipe') def = defOf(def.in!);
    else if (def.type === 'union' && def.options?.[0]) def = defOf(def.options[0]);
    else break;
  }
  return Object.keys(def.shape ?? {});
}

function mutations(route: RouteEntry): fc.Arbitrary<BodyKind> {
  const valid = route.body ? validArbitrary(route.body) : fc.constant({});
  const keys = objectKeys(route.body);
  const requiredKeys = route.body
    ? keys.filter((key) => {
        const shape = (defOf(route.body!).shape ?? {}) as Record<string, Parameters<typeof isOptionalKey>[0]>;
        return shape[key] ? !isOptionalKey(shape[key]) : true;
      })
    : [];
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.string({ maxLength: 8 });
  const withField = (value: fc.Arbitrary<unknown>, label: string) =>
    fc.tuple(valid, key, value).map(([body, field, replacement]): BodyKind => ({
      kind: 'json',
      value:
        body && typeof body === 'object' && !Array.isArray(body)
          ? { ...body, [field]: replacement }
          : replacement,
      label,
    }));
  const options: fc.Arbitrary<BodyKind>[] = [
    withField(WRONG_TYPED, 'wrong type'),
    withField(ODD_STRING, 'unicode and control characters'),
    withField(HUGE_STRING, 'huge string'),
    fc.tuple(valid, key, DEEP_TEXT, fc.boolean()).map(([body, field, deep, whole]): BodyKind => {
      const base = JSON.stringify(body && typeof body === 'object' && !Array.isArray(body) ? body : {});
      const payload = whole
        ? deep
        : `${base === '{}' ? '{' : `${base.slice(0, -1)},`}${JSON.stringify(field)}:${deep}}`;
      return { kind: 'raw', payload, contentType: 'application/json', label: 'deep nesting' };
    }),
    fc
      .tuple(valid, fc.constantFrom(...(requiredKeys.length > 0 ? requiredKeys : ['none'])))
      .map(([body, field]): BodyKind => {
        const copy = body && typeof body === 'object' ? { ...(body as Record<string, unknown>) } : {};
        delete copy[field];
        return { kind: 'json', value: copy, label: 'missing field' };
      }),
    fc
      .tuple(
        valid,
        fc.dictionary(
          fc.oneof(
            fc.string({ maxLength: 12 }),
            fc.constantFrom('__proto__', 'constructor', 'id', 'userId', 'tier', 'isAdmin'),
          ),
          fc.anything({ maxDepth: 2 }),
          { minKeys: 1, maxKeys: 4 },
        ),
      )
      .map(([body, extra]): BodyKind => {
        // Raw text so that a `__proto__` key is sent as written and not lost to an object spread.
        const base = JSON.stringify(body && typeof body === 'object' && !Array.isArray(body) ? body : {});
        const added = Object.entries(extra)
          .map(([name, value]) => `${JSON.stringify(name)}:${JSON.stringify(value) ?? 'null'}`)
          .join(',');
        const payload = base === '{}' ? `{${added}}` : `${base.slice(0, -1)},${added}}`;
        return { kind: 'raw', payload, contentType: 'application/json', label: 'extra fields' };
      }),
    fc
      .oneof(fc.anything({ maxDepth: 3 }), WRONG_TYPED)
      .map((value): BodyKind => ({ kind: 'json', value, label: 'not the expected shape' })),
    fc
      .tuple(
        valid,
        fc.constantFrom(
          'text/plain',
          'application/x-www-form-urlencoded',
          'multipart/form-data; boundary=x',
          'application/xml',
          'application/json; charset=utf-16',
          'application/jsonx',
          '',
        ),
      )
      .map(([body, contentType]): BodyKind => ({
        kind: 'raw',
        payload: JSON.stringify(body ?? {}),
        contentType,
        label: 'wrong content type',
      })),
    fc
      .tuple(
        valid,
        fc.constantFrom('truncate', 'trailing', 'quotes', 'garbage', 'empty', 'nan', 'bom', 'duplicate'),
      )
      .map(([body, how]): BodyKind => {
        const text = JSON.stringify(body ?? {});
        const payload = {
          truncate: text.slice(0, Math.max(1, Math.floor(text.length / 2))),
          trailing: text.replace(/}$/, ',}'),
          quotes: text.replaceAll('"', "'"),
          garbage: `${text}}}garbage`,
          empty: '',
          nan: '{"value": NaN, "other": Infinity}',
          bom: `\ufeff${text}`,
          duplicate: text.replace(/^{/, '{"a":1,"a":2,'),
        }[how];
        return { kind: 'raw', payload, contentType: 'application/json', label: `broken JSON (${how})` };
      }),
  ];
  return fc.oneof(...options);
}

function paramsArbitrary(route: RouteEntry, malformed: boolean): fc.Arbitrary<Record<string, string>> {
  const names = [...route.url.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
  if (names.length === 0) return fc.constant({});
  const valid = route.params ? validArbitrary(route.params) : fc.constant({});
  return fc
    .tuple(valid, fc.array(ODD_ID, { minLength: names.length, maxLength: names.length }))
    .map(([values, odd]) =>
      Object.fromEntries(
        names.map((name, index) => [
          name,
          malformed ? odd[index]! : String((values as Record<string, unknown>)[name] ?? odd[index]),
        ]),
      ),
    );
}

const ODD_QUERY = fc.oneof(
  fc.constantFrom(
    '?limit=-1',
    '?limit=abc',
    '?limit=1e309',
    '?limit=0x10',
    '?limit[]=1',
    '?limit=1&limit=2',
    '?__proto__[polluted]=1',
    '?constructor[prototype][x]=1',
    '?q=%',
    '?q=%E0%A4%A',
    '?scope=all&scope=own',
    '?status=pending%00',
    '?offset=-5&limit=200',
    '?offset=99999999999999999999',
    '?sort=price-high;drop',
    '?q=' + 'a'.repeat(5_000),
    '?' + 'x=1&'.repeat(300),
    '?=&&=',
  ),
  fc
    .dictionary(
      fc.oneof(
        fc.string({ maxLength: 10 }),
        fc.constantFrom('limit', 'scope', 'q', 'status', 'assigned', 'offset'),
      ),
      ODD_STRING,
      { maxKeys: 4 },
    )
    .map((entries) => toQueryString(entries)),
);

function queryArbitrary(route: RouteEntry, malformed: boolean): fc.Arbitrary<string> {
  if (malformed) return ODD_QUERY;
  return route.querystring ? validArbitrary(route.querystring).map(toQueryString) : fc.constant('');
}

function requestArbitrary(route: RouteEntry): fc.Arbitrary<FuzzRequest> {
  const hasBody = !['GET', 'HEAD', 'DELETE'].includes(route.method);
  const build = (part: 'valid' | 'body' | 'params' | 'query') =>
    fc.record({
      who: fc.constantFrom<Who>('anonymous', 'tier1', 'tier4', 'tier1', 'tier4'),
      params: paramsArbitrary(route, part === 'params'),
      query: queryArbitrary(route, part === 'query'),
      body: hasBody
        ? part === 'body'
          ? mutations(route)
          : (route.body ? validArbitrary(route.body) : fc.constant(undefined)).map((value): BodyKind => ({
              kind: 'valid',
              value,
            }))
        : fc.constant(null),
      knownIds: fc.option(fc.nat(), { freq: 2 }),
    });
  return fc.oneof(
    { weight: 4, arbitrary: build('valid') },
    { weight: hasBody ? 4 : 0, arbitrary: build('body') },
    { weight: route.url.includes(':') || route.url.includes('*') ? 2 : 0, arbitrary: build('params') },
    { weight: 1, arbitrary: build('query') },
  );
}

// ---- the run ----------------------------------------------------------------------------------------------------

let t: TestApp;
const cookies: Record<Exclude<Who, 'anonymous'>, { cookie: string; id: string }> = {} as never;
/** Ids the app answered with during the run: later requests use them to reach real records. */
const knownIds: string[] = [];

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_GLOBAL_PER_MIN: '100000000',
    RATE_LIMIT_REGISTER_MAX: '100000',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_MFA_MAX: '100000',
    RATE_LIMIT_SECURE_CHANNEL_MAX: '100000',
  });
  const category = await createCategory(t.database.db);
  for (let i = 0; i < 3; i++) {
    const product = await createProduct(t.database.db, category.id, { minimumTier: i + 1, stockCount: 100 });
    knownIds.push(product.id);
  }
  const tier1 = await registerUser(t.app);
  const tier4 = await registerUser(t.app);
  await setUserTier(t, tier4.id, 4);
  cookies.tier1 = { cookie: tier1.cookie, id: tier1.id };
  cookies.tier4 = { cookie: tier4.cookie, id: tier4.id };
}, 120_000);
afterAll(() => t?.close());

/** `RAW:` values go into the path as they are: broken percent escapes the router has to refuse. */
function encodeSegment(value: string): string {
  if (value.startsWith('RAW:')) return value.slice(4);
  try {
    return encodeURIComponent(value);
  } catch {
    // A lone surrogate: its replacement character's bytes.
    return [...Buffer.from(value)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  }
}

function fill(url: string, params: Record<string, string>): string {
  return url.replace(/:(\w+)|\*/g, (_match, name: string | undefined) =>
    encodeSegment(params[name ?? '*'] ?? ''),
  );
}

function withKnownIds(value: unknown, pick: () => string): unknown {
  if (Array.isArray(value)) return value.map((item) => withKnownIds(item, pick));
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, entry]) => [
      key,
      /id$/i.test(key) && typeof entry === 'string' ? pick() : withKnownIds(entry, pick),
    ]),
  );
}

async function headersFor(who: Who, fresh: boolean): Promise<Record<string, string>> {
  if (who === 'anonymous') return {};
  if (!fresh) return { cookie: cookies[who].cookie };
  const session = await sessions.startSession(t.ctx, t.database.db, cookies[who].id, { ip: '127.0.0.1' });
  return { cookie: `sid=${session.token}` };
}

async function toInject(route: RouteEntry, request: FuzzRequest): Promise<InjectOptions> {
  const pick =
    request.knownIds !== null && knownIds.length > 0
      ? (() => {
          let index = request.knownIds!;
          return () => knownIds[index++ % knownIds.length]!;
        })()
      : null;
  const params = pick
    ? Object.fromEntries(Object.keys(request.params).map((name) => [name, pick()]))
    : request.params;
  const headers = await headersFor(request.who, ENDS_SESSION.has(`${route.method} ${route.url}`));
  const options: InjectOptions = {
    method: route.method as 'GET',
    url: fill(route.url, params) + request.query,
    headers,
  };
  const body = request.body;
  if (body?.kind === 'valid' || body?.kind === 'json') {
    const value = pick && body.kind === 'valid' ? withKnownIds(body.value, pick) : body.value;
    options.payload = JSON.stringify(value ?? {});
    headers['content-type'] = 'application/json';
  } else if (body?.kind === 'raw') {
    options.payload = body.payload;
    if (body.contentType) headers['content-type'] = body.contentType;
  }
  return options;
}

function describeRequest(options: InjectOptions): string {
  const payload = typeof options.payload === 'string' ? options.payload : '';
  return `${options.method} ${String(options.url).slice(0, 300)} headers=${JSON.stringify(options.headers)} body=${payload.slice(0, 500)}${payload.length > 500 ? `... (${payload.length} chars)` : ''}`;
}

/**
 * Password hashing (sign-in, sign-up, 2FA backup codes), the OpenAPI document and the docs' static files cost far
 * more per request than the rest and have little input to vary: a few requests each.
 */
const COSTLY = /^(\/api\/docs|\/api\/auth\/(login|register|mfa)|\/readyz|\/healthz)/;
const COSTLY_RUNS = 6;
const isCostly = (route: RouteEntry) => COSTLY.test(route.url);

/**
 * Routes fuzzed here: Fastify's table, less the HEAD twins of GET routes (same handler) and the live event stream,
 * whose answer never ends (its only input, `Last-Event-ID`, is fuzzed in server/modules/events/events.test.ts).
 */
function fuzzedRoutes(): RouteEntry[] {
  const keys = new Set(t.app.routeTable.map((route) => `${route.method} ${route.url}`));
  return t.app.routeTable.filter(
    (route) => !(route.method === 'HEAD' && keys.has(`GET ${route.url}`)) && route.url !== '/api/events',
  );
}

describe('API fuzzing', () => {
  it('draws valid requests for nearly every route from its schemas', () => {
    const withSchemas = fuzzedRoutes().filter((route) => route.body ?? route.querystring ?? route.params);
    const missing = withSchemas.filter((route) =>
      (['params', 'querystring', 'body'] as const).some(
        (part) => route[part] && sampleValid(route[part], SEED, 60) === null,
      ),
    );
    process.stdout.write(
      `fuzz: valid requests drawn for ${withSchemas.length - missing.length} of ${withSchemas.length} routes with schemas; none for ${missing.map((route) => `${route.method} ${route.url}`).join(', ') || 'none'}\n`,
    );
    expect(missing.length).toBeLessThanOrEqual(Math.floor(withSchemas.length / 10));
  }, 60_000);

  it(`answers every generated request, valid or malformed, without a 5xx`, async () => {
    const routes = fuzzedRoutes();
    const costly = routes.filter(isCostly).length;
    const perRoute = Math.ceil((TOTAL_RUNS - costly * COSTLY_RUNS) / (routes.length - costly));
    process.stdout.write(
      `fuzz: seed ${SEED} (FUZZ_SEED), ${TOTAL_RUNS} requests (FUZZ_RUNS): ${perRoute} for each of ${routes.length - costly} routes, ${COSTLY_RUNS} for ${costly} costly ones\n`,
    );
    // Round robin over routes, so that records made early are there for the routes that read and change them.
    const queues = routes.map((route, index) => ({
      route,
      requests: fc.sample(requestArbitrary(route), {
        seed: SEED + index,
        numRuns: isCostly(route) ? COSTLY_RUNS : perRoute,
      }),
    }));
    const work: { route: RouteEntry; request: FuzzRequest }[] = [];
    for (let i = 0; i < perRoute; i++) {
      for (const queue of queues)
        if (queue.requests[i]) work.push({ route: queue.route, request: queue.requests[i]! });
    }

    const serverErrors: string[] = [];
    const timeByRoute = new Map<string, number>();
    const statuses = new Map<number, number>();
    let sent = 0;
    let next = 0;
    const started = Date.now();
    async function worker() {
      while (next < work.length) {
        const { route, request } = work[next++]!;
        const options = await toInject(route, request);
        const began = Date.now();
        const response = await t.app.inject(options);
        const key = `${route.method} ${route.url}`;
        timeByRoute.set(key, (timeByRoute.get(key) ?? 0) + Date.now() - began);
        sent += 1;
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (response.statusCode >= 500) {
          serverErrors.push(
            `${response.statusCode} for ${describeRequest(options)} -> ${response.body.slice(0, 300)}`,
          );
        } else if (response.statusCode < 300 && knownIds.length < 2_000) {
          const id = (() => {
            try {
              return (JSON.parse(response.body) as { id?: unknown }).id;
            } catch {
              return undefined;
            }
          })();
          if (typeof id === 'string') knownIds.push(id);
        }
      }
    }
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));

    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}:${count}`)
      .join(' ');
    process.stdout.write(
      `fuzz: ${sent} requests in ${((Date.now() - started) / 1000).toFixed(1)} s, ${serverErrors.length} answered 5xx; statuses ${summary}\n`,
    );
    const slowest = [...timeByRoute.entries()].sort(([, a], [, b]) => b - a).slice(0, 5);
    process.stdout.write(
      `fuzz: slowest routes ${slowest.map(([key, ms]) => `${key} ${ms} ms`).join(', ')}\n`,
    );
    for (const error of serverErrors.slice(0, 20)) process.stdout.write(`fuzz 5xx: ${error}\n`);
    expect(sent).toBeGreaterThanOrEqual(Math.min(TOTAL_RUNS, 10_000));
    expect(serverErrors).toEqual([]);
  }, 300_000);

  it('answers 4xx when one field of a valid body holds a NUL character or nests thousands of levels deep', async () => {
    const failures: string[] = [];
    let sent = 0;
    // As text: the test's own JSON.stringify would overflow on it.
    const deep = `${'{"a":'.repeat(5_000)}1${'}'.repeat(5_000)}`;
    for (const route of fuzzedRoutes()) {
      if (!route.body) continue;
      const body = sampleValid(route.body, SEED);
      if (!body || typeof body !== 'object' || Array.isArray(body)) continue;
      // One field at a time, so that the others stay valid and the request gets as far as it can. JSON allows a
      // NUL where PostgreSQL's text does not; a deep value once overflowed the stack of the schema check.
      const fields = [...new Set([...Object.keys(body), ...objectKeys(route.body)])];
      const variants = fields.flatMap((field) => {
        const value = (body as Record<string, unknown>)[field];
        return [
          ...(typeof value === 'string'
            ? [JSON.stringify({ ...body, [field]: `${value.slice(0, 10)}\u0000x` })]
            : []),
          JSON.stringify({ ...body, [field]: '<deep>' }).replace('"<deep>"', deep),
        ];
      });
      for (const variant of variants) {
        for (const who of ['tier1', 'tier4'] as const) {
          const options = await toInject(route, {
            who,
            params: Object.fromEntries(
              [...route.url.matchAll(/:(\w+)/g)].map((match) => [match[1]!, randomUUID()]),
            ),
            query: '',
            body: {
              kind: 'raw',
              payload: variant,
              contentType: 'application/json',
              label: '',
            },
            knownIds: null,
          });
          const response = await t.app.inject(options);
          sent += 1;
          if (response.statusCode >= 500)
            failures.push(`${response.statusCode} for ${describeRequest(options)}`);
        }
      }
    }
    process.stdout.write(`fuzz: ${sent} requests with a NUL character or deep nesting in one field\n`);
    expect(failures).toEqual([]);
  });

  it('leaves no stored row that the response schemas or the database rules forbid', async () => {
    // Every list answer is checked against its response schema on the way out (a row that breaks it is a 500), so
    // listing everything the fuzzing wrote, as its owners and as a Director, re-reads those rows through the contract.
    const lists = [
      ...fuzzedRoutes()
        .filter(
          (route) => route.method === 'GET' && route.url.startsWith('/api/') && !route.url.includes(':'),
        )
        .filter(
          (route) =>
            !route.url.startsWith('/api/docs') &&
            route.url !== '/api/logout' &&
            route.url !== '/api/login' &&
            // Single sign-on's lookup and navigations (design 12.4) list nothing.
            !route.url.startsWith('/api/auth/sso/') &&
            // Stored STIX objects are listed one type at a time (below).
            route.url !== '/api/threat-intelligence/objects' &&
            // A CSV download of invoices' figures, not a list of stored rows.
            route.url !== '/api/admin/gst-returns',
        )
        .map((route) => route.url),
      '/api/threat-intelligence/objects?type=indicator',
      '/api/cases?scope=all',
      '/api/cases?assigned=true',
      '/api/investigations?scope=all',
      '/api/vendor/applications?scope=all',
      '/api/vendor/products?scope=pending',
    ];
    const failures: string[] = [];
    for (const who of ['tier1', 'tier4'] as const) {
      for (const url of lists) {
        const separator = url.includes('?') ? '&' : '?';
        const withLimit = /limit|search\b/.test(url) ? url : `${url}${separator}limit=200`;
        let response = await t.app.inject({ url: withLimit, headers: { cookie: cookies[who].cookie } });
        // Lists without ?limit= answer 400 to it: ask again plainly.
        if (response.statusCode === 400)
          response = await t.app.inject({ url, headers: { cookie: cookies[who].cookie } });
        if (
          response.statusCode >= 500 ||
          (response.statusCode !== 200 &&
            !(who === 'tier1' && response.statusCode === 403) &&
            // The fuzzing accounts belong to no organisation (design 12.3): its reads are theirs to 404.
            !(url.startsWith('/api/organization') && response.statusCode === 404) &&
            !url.startsWith('/api/search'))
        )
          failures.push(`${who} GET ${url}: ${response.statusCode} ${response.body.slice(0, 200)}`);
      }
    }

    // What the schemas forbid and the tables do not already refuse with a constraint.
    const invariants: [string, string][] = [
      ['users with a tier outside 1-4', 'select count(*) from users where tier not between 1 and 4'],
      [
        'cases with a title or description outside the contract',
        'select count(*) from cases where char_length(title) not between 5 and 200 or char_length(description) not between 20 and 10000',
      ],
      [
        'case updates with empty or oversized content',
        'select count(*) from case_updates where char_length(content) > 5000',
      ],
      ['API keys without permissions', 'select count(*) from api_keys where cardinality(permissions) = 0'],
      [
        'sessions of no user',
        'select count(*) from sessions s where not exists (select 1 from users u where u.id = s.user_id)',
      ],
      [
        'cart lines above tier',
        'select count(*) from cart_items c join products p on p.id = c.product_id join users u on u.id = c.user_id where p.minimum_tier > u.tier',
      ],
    ];
    for (const [label, query] of invariants) {
      const result = await t.database.db.execute<{ count: string }>(sql.raw(query));
      const count = Number(result.rows[0]?.count ?? 0);
      if (count > 0) failures.push(`${label}: ${count}`);
    }
    const written = await t.database.db.execute<{ relname: string; n: string }>(
      sql`select relname, n_tup_ins as n from pg_stat_user_tables where n_tup_ins > 0 order by relname`,
    );
    process.stdout.write(
      `fuzz: rows written per table: ${written.rows.map((row) => `${row.relname} ${row.n}`).join(', ')}\n`,
    );
    expect(failures).toEqual([]);
  }, 120_000);
});
