import { randomUUID } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOperations, dataExports, investigationCatalog, notifications } from './db/schema/index.js';
import type { RouteAccess } from './lib/route-access.js';
import * as sessions from './modules/auth/sessions.service.js';
import type { RouteEntry } from './plugins/route-table.js';
import { createCategory, createProduct, setUserTier } from './test/fixtures.js';
import { asUser, createTestApp, registerUser, uniqueEmail, type TestApp } from './test/helpers.js';
import { SoftAuthenticator } from './test/soft-authenticator.js';
import { sampleValid, toQueryString } from './test/zod-arbitrary.js';

/**
 * The authorization matrix (issue 10.1): every route in Fastify's own table declares its access policy
 * (`config.access`, lib/route-access.ts) and has an entry here saying who may call it; the two must agree, and each
 * role's answer is checked against the declaration: 401 for who must sign in, 403 below the tier or the API key's
 * scope or, on a route that declares `reauth`, for a session whose last proof is too old, 404 for another user's
 * record, and for who may call it anything but those (never a 5xx). Requests are
 * valid for the route so that a 400 cannot hide what the guard would have said.
 */

type Access =
  /** Anyone, signed in or not. */
  | 'public'
  /** Any signed-in user (session or API key). */
  | 'user'
  /** Directors (tier 4) only. */
  | 'director'
  /** Only a session half-way through a 2FA sign-in: everyone in this matrix gets 401. */
  | 'mfa-pending';

interface Actor {
  name: string;
  userId?: string;
  tier?: number;
  scope?: 'read' | 'write' | 'admin';
  /** A session whose last proof of identity is older than REAUTH_WINDOW_SECONDS. */
  staleProof?: true;
  headers: Record<string, string>;
  /** The account's own session, for making its records (a key may not be allowed to). */
  ownerCookie?: string;
}

type Params = Record<string, string>;

interface Rule {
  access: Access;
  /** An API key needs the admin scope here (account security: keys, 2FA, password, address, devices; data rights). */
  adminKey?: true;
  /**
   * The path names a record of the caller's: makes one for `owner` and returns the params. Another user asking for
   * it gets 404, the owner anything else.
   */
  own?: (owner: Actor) => Promise<Params>;
  /** Params for a route whose ids are not the caller's (default: a random UUID each). */
  params?: () => Promise<Params> | Params;
  query?: Record<string, unknown>;
  /** A valid body (checked against the route's schema); default: one drawn from the schema. */
  body?: () => unknown;
  /** The call ends or replaces the caller's session: each role calls it with a session of its own. */
  endsSession?: boolean;
  /** Statuses a permitted caller may also get for reasons of the business, not of access (with why). */
  alsoAllowed?: number[];
  /**
   * The route declares `reauth` (design 12.2): a session needs a recent proof (every session here signed in moments
   * ago, which counts), and an API key the admin scope (so the entry says `adminKey` too).
   */
  reauth?: true;
  /** Only a browser session may call it: every API key gets 403. */
  sessionOnly?: true;
  /** The answer is an event stream that never ends by itself: only its status (and an error's body) is read. */
  stream?: true;
}

let t: TestApp;
let product: { id: string };
let tier1ServiceId = 'missing-service';
let tier1Investigation = 'background-check';
const seed = 20_261_123;

/** A request to an event stream: its status, and the body of an error; a stream that opened is closed at once. */
async function callStream(actor: Actor, url: string): Promise<{ statusCode: number; body: string }> {
  const response = await t.app.inject({ url, headers: actor.headers, payloadAsStream: true });
  const stream = response.stream();
  if (response.statusCode === 200) {
    stream.destroy();
    return { statusCode: 200, body: '' };
  }
  let body = '';
  for await (const chunk of stream) body += String(chunk);
  return { statusCode: response.statusCode, body };
}

async function call(
  actor: Actor,
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return asUser(t.app, null, { ...actor.headers, ...headers }).request(method as 'GET', url, body);
}

/** A record made through the API as `owner`; its id. */
async function made(owner: Actor, url: string, body: unknown, field = 'id'): Promise<string> {
  const response = await asUser(t.app, { cookie: owner.ownerCookie! }).post(url, body);
  if (response.statusCode >= 300) throw new Error(`fixture ${url}: ${response.statusCode} ${response.body}`);
  return String(response.json<Record<string, unknown>>()[field]);
}

const caseBody = {
  title: 'Authorization matrix case',
  description: 'A case the authorization matrix opens to ask for it as others.',
  category: 'investigation',
};
const newCase = (owner: Actor) => made(owner, '/api/cases', caseBody);
const templateBody = { name: 'Matrix template', tasks: [{ title: 'Collect the logs', dueInHours: 24 }] };
/** An investigation request of the owner's (the matrix's database has no catalogue: one entry is added first). */
async function newInvestigation(owner: Actor): Promise<string> {
  await t.database.db
    .insert(investigationCatalog)
    .values({
      id: 'background-check',
      name: 'Background check',
      description: 'A service the matrix requests.',
      icon: 'search',
      minimumTier: 1,
      pricing: '25,000',
      basePrice: '25000.00',
      deliveryTime: '1 week',
      category: 'matrix',
    })
    .onConflictDoNothing();
  return made(owner, '/api/investigations', {
    ...(sampleOf('POST /api/investigations') as object),
    serviceType: 'background-check',
  });
}
/** A passkey of the owner's, registered through the API with a software authenticator; its id. */
async function newPasskey(owner: Actor): Promise<string> {
  const options = await asUser(t.app, { cookie: owner.ownerCookie! }).post(
    '/api/auth/passkeys/registration/options',
    {},
  );
  // No PUBLIC_BASE_URL here: the relying party is the request's own host (light-my-request's `localhost:80`).
  const response = new SoftAuthenticator('http://localhost').register(options.json());
  return made(owner, '/api/auth/passkeys', { response, name: 'Matrix passkey' });
}

/** An evidence file (multipart upload) on `base`, one of the owner's cases or requests; its id. */
async function newFile(owner: Actor, base: string): Promise<string> {
  const boundary = 'matrix-boundary';
  const response = await t.app.inject({
    method: 'POST',
    url: `${base}/files`,
    headers: { cookie: owner.ownerCookie!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="matrix.txt"\r\nContent-Type: text/plain\r\n\r\nMatrix evidence\r\n--${boundary}--\r\n`,
  });
  if (response.statusCode !== 201)
    throw new Error(`fixture ${base}/files: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}
/** Evidence and report routes under a case and under an investigation request (design 11.6). */
function evidenceRules(base: '/api/cases' | '/api/investigations'): Record<string, Rule> {
  const subject = (owner: Actor) => (base === '/api/cases' ? newCase(owner) : newInvestigation(owner));
  const withFile = async (owner: Actor) => {
    const id = await subject(owner);
    return { id, fileId: await newFile(owner, `${base}/${id}`) };
  };
  return {
    // The matrix sends JSON: a permitted caller gets 415 (uploads are multipart), after the access checks.
    [`POST ${base}/:id/files`]: { access: 'user', own: async (owner) => ({ id: await subject(owner) }) },
    [`GET ${base}/:id/files`]: { access: 'user', own: async (owner) => ({ id: await subject(owner) }) },
    [`GET ${base}/:id/files/:fileId`]: { access: 'user', own: withFile },
    [`DELETE ${base}/:id/files/:fileId`]: { access: 'user', own: withFile },
    [`POST ${base}/:id/report`]: {
      access: 'user',
      own: async (owner) => ({ id: await subject(owner) }),
      body: () => ({ version: 'client' }),
    },
    // Asked for first, so the owner gets the pending report (202; no workers run here) rather than a 404.
    [`GET ${base}/:id/report`]: {
      access: 'user',
      own: async (owner) => {
        const id = await subject(owner);
        await made(owner, `${base}/${id}/report`, { version: 'client' });
        return { id };
      },
    },
  };
}
const newIntegration = (owner: Actor) =>
  made(owner, '/api/integrations', {
    type: 'webhook',
    name: 'Matrix hook',
    config: { url: 'https://hooks.example.com/matrix' },
  });
const newRule = (owner: Actor) =>
  made(owner, '/api/automation/rules', {
    name: 'Matrix rule',
    trigger: { event: 'case.created', conditions: [] },
    actions: [{ type: 'notify', config: { message: 'A case was opened' } }],
  });
const newQrCode = (owner: Actor) =>
  made(owner, '/api/qr-codes', { type: 'emergency', data: { emergencyCode: 'MATRIX-1' } });
const newBulk = (owner: Actor) =>
  made(owner, '/api/bulk/operations', { type: 'notifications_read', items: [randomUUID()] });
const newCartLine = (owner: Actor) => made(owner, '/api/cart', { productId: product.id, quantity: 1 });

const shippingAddress = {
  fullName: 'Matrix Buyer',
  line1: '1 Test Street',
  city: 'Mumbai',
  state: 'Maharashtra',
  postalCode: '400001',
  country: 'India',
  phone: '+91 98765 43210',
};

/** Every route of the app. A route missing here fails the test: new routes are reviewed before they ship. */
const RULES: Record<string, Rule> = {
  'GET /healthz': { access: 'public' },
  'GET /readyz': { access: 'public' },
  // Loopback callers only while METRICS_TOKEN is unset (as here): the injected requests come from 127.0.0.1.
  'GET /metrics': { access: 'public' },
  'GET /api/docs': { access: 'public' },
  'GET /api/docs/json': { access: 'public' },
  'GET /api/docs/yaml': { access: 'public' },
  'GET /api/docs/static/index.html': { access: 'public' },
  'GET /api/docs/static/swagger-initializer.js': { access: 'public' },
  'GET /api/docs/static/*': { access: 'public', params: () => ({ '*': 'swagger-ui.css' }) },

  // Auth: signing in, up and out replace the caller's session.
  'POST /api/auth/register': {
    access: 'public',
    endsSession: true,
    body: () => ({ email: uniqueEmail('matrix'), password: 'correct horse battery staple' }),
  },
  'POST /api/auth/login': {
    access: 'public',
    endsSession: true,
    body: () => loginTarget,
  },
  'POST /api/auth/logout': { access: 'public', endsSession: true },
  'GET /api/logout': { access: 'public', endsSession: true },
  'GET /api/login': { access: 'public', query: { returnTo: '/dashboard' } },
  'GET /api/auth/user': { access: 'user' },
  'POST /api/auth/login/mfa': { access: 'mfa-pending', body: () => ({ code: '123456' }) },
  // No setup was started, so a code is refused with 400 (the guard let it through).
  'GET /api/auth/mfa/setup': { access: 'user', adminKey: true },
  'POST /api/auth/mfa/enable': { access: 'user', adminKey: true, body: () => ({ code: '123456' }) },
  // 2FA is off for everyone here: 409.
  'POST /api/auth/mfa/disable': {
    access: 'user',
    adminKey: true,
    reauth: true,
    body: () => ({ code: '123456' }),
  },
  'POST /api/auth/mfa/backup-codes': { access: 'user', adminKey: true, reauth: true },
  // A wrong password: 400 once the guard let it through. A key has nothing to re-prove.
  'POST /api/auth/reauth': {
    access: 'user',
    sessionOnly: true,
    body: () => ({ password: 'not the password' }),
  },
  // Passkeys (design 12.2): a made-up ceremony is refused with 400 WEBAUTHN_FAILED.
  'POST /api/auth/passkeys/registration/options': { access: 'user', adminKey: true, reauth: true },
  'POST /api/auth/passkeys': { access: 'user', adminKey: true, reauth: true },
  'GET /api/auth/passkeys': { access: 'user', adminKey: true },
  'PATCH /api/auth/passkeys/:id': {
    access: 'user',
    adminKey: true,
    body: () => ({ name: 'Renamed' }),
    own: async (owner) => ({ id: await newPasskey(owner) }),
  },
  'DELETE /api/auth/passkeys/:id': {
    access: 'user',
    adminKey: true,
    reauth: true,
    own: async (owner) => ({ id: await newPasskey(owner) }),
  },
  'POST /api/auth/passkeys/authentication/options': { access: 'public', body: () => ({}) },
  'POST /api/auth/passkeys/authentication': { access: 'public' },
  // Account mail: a reset is asked for anyone; a made-up token is refused with 400 TOKEN_INVALID.
  'POST /api/auth/password-reset': {
    access: 'public',
    body: () => ({ email: uniqueEmail('reset') }),
    alsoAllowed: [429],
  },
  'POST /api/auth/password-reset/confirm': {
    access: 'public',
    body: () => ({ token: 'A'.repeat(43), password: 'correct horse battery staple' }),
  },
  'POST /api/auth/verify-email': { access: 'public', body: () => ({ token: 'A'.repeat(43) }) },
  // The first Director's one-time link (issue 23): Directors exist here, so the calls and the page answer 404.
  'POST /api/setup/check': { access: 'public', body: () => ({ token: 'A'.repeat(43) }) },
  'POST /api/setup/director': {
    access: 'public',
    body: () => ({
      token: 'A'.repeat(43),
      email: uniqueEmail('setup'),
      password: 'correct horse battery staple',
    }),
  },
  'GET /setup': { access: 'public' },
  'POST /api/auth/verify-email/resend': { access: 'user', alsoAllowed: [429] },
  // A wrong current password: 400 at currentPassword once the guard let the call through.
  'POST /api/auth/password': {
    access: 'user',
    adminKey: true,
    body: () => ({ currentPassword: 'not the password', newPassword: 'another long passphrase' }),
  },
  'POST /api/auth/email': {
    access: 'user',
    adminKey: true,
    body: () => ({ newEmail: uniqueEmail('moved'), currentPassword: 'not the password' }),
  },
  'GET /api/notification-preferences': { access: 'user' },
  'PUT /api/notification-preferences': {
    access: 'user',
    body: () => ({
      email: {
        case_update: true,
        payment_received: false,
        tier_upgrade: true,
        security_alert: true,
        other: true,
      },
    }),
  },

  'GET /api/notifications': { access: 'user' },
  'GET /api/events': { access: 'user', sessionOnly: true, stream: true },
  'PATCH /api/notifications/read-all': { access: 'user' },
  'PATCH /api/notifications/:id/read': {
    access: 'user',
    own: async (owner) => {
      const [row] = await t.database.db
        .insert(notifications)
        .values({ userId: owner.userId!, type: 'case_update', title: 'Matrix', message: 'For the matrix' })
        .returning({ id: notifications.id });
      return { id: row!.id };
    },
  },
  'GET /api/mobile/devices': { access: 'user', adminKey: true },
  'DELETE /api/mobile/devices/:id': {
    access: 'user',
    adminKey: true,
    own: async (owner) => {
      const session = await sessions.startSession(t.ctx, t.database.db, owner.userId!, { ip: '127.0.0.1' });
      return { id: (await sessions.resolveSession(t.ctx, session.token))!.session.id };
    },
  },
  'GET /api/api-keys': { access: 'user', adminKey: true },
  'POST /api/api-keys': {
    access: 'user',
    adminKey: true,
    reauth: true,
    body: () => ({ name: 'Matrix key', permissions: ['read'] }),
  },
  'DELETE /api/api-keys/:id': {
    access: 'user',
    adminKey: true,
    own: async (owner) => ({ id: await made(owner, '/api/api-keys', { name: 'Spare key' }) }),
  },

  'GET /api/analytics/dashboard': { access: 'director' },
  'POST /api/analytics/events': { access: 'public', body: () => ({ events: [{ path: '/matrix' }] }) },

  'GET /api/digital-services': { access: 'public' },
  'POST /api/service-inquiries': {
    access: 'user',
    body: () => ({ ...(sampleOf('POST /api/service-inquiries') as object), serviceId: tier1ServiceId }),
  },
  'GET /api/service-inquiries': { access: 'user' },

  'GET /api/investigations/catalog': { access: 'public' },
  'POST /api/investigations': {
    access: 'user',
    body: () => ({ ...(sampleOf('POST /api/investigations') as object), serviceType: tier1Investigation }),
  },
  'GET /api/investigations': { access: 'user' },
  'GET /api/investigations/agents': { access: 'director' },
  // Its requester shares it (`visibility`); moving and assigning stay the Directors' (a VARIANT below).
  'PATCH /api/investigations/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newInvestigation(owner) }),
    body: () => ({ visibility: 'private' }),
  },

  ...evidenceRules('/api/cases'),
  ...evidenceRules('/api/investigations'),
  'GET /api/reports/verify/:sha256': { access: 'public', params: () => ({ sha256: 'a'.repeat(64) }) },

  'GET /api/blog': { access: 'public' },
  'GET /api/blog/:id': { access: 'public' },
  'GET /api/team': { access: 'public' },
  'GET /api/search': { access: 'public', query: { q: 'camera' } },
  'GET /api/search/trending': { access: 'public' },
  'POST /api/search/click': {
    access: 'public',
    body: () => ({ query: 'camera', resultId: randomUUID(), type: 'product' }),
  },

  'GET /api/categories': { access: 'public' },
  'GET /api/products': { access: 'public' },
  'GET /api/products/:id': { access: 'public', params: () => ({ id: product.id }) },
  'PATCH /api/products/:id': {
    access: 'director',
    params: () => ({ id: product.id }),
    body: () => ({ hsnCode: '8525', gstRate: '18' }),
  },
  'GET /api/products/:id/reviews': { access: 'public', params: () => ({ id: product.id }) },
  'POST /api/products/:id/reviews': {
    access: 'user',
    params: () => ({ id: product.id }),
    body: () => ({ rating: 5, body: 'Solid kit, did what the listing said.' }),
    // Only buyers may review: nobody in the matrix bought it.
    alsoAllowed: [403],
  },

  'GET /api/cart': { access: 'user' },
  'POST /api/cart': { access: 'user', body: () => ({ productId: product.id, quantity: 1 }) },
  'PUT /api/cart/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newCartLine(owner) }),
    body: () => ({ quantity: 2 }),
  },
  'DELETE /api/cart/:id': { access: 'user', own: async (owner) => ({ id: await newCartLine(owner) }) },

  'POST /api/orders': {
    access: 'user',
    body: () => ({ shippingAddress, paymentMethod: 'bank_transfer' }),
  },
  'GET /api/orders': { access: 'user' },
  'GET /api/orders/:id': {
    access: 'user',
    own: async (owner) => {
      await newCartLine(owner);
      return { id: await made(owner, '/api/orders', { shippingAddress, paymentMethod: 'bank_transfer' }) };
    },
  },

  // A card order is paid at once by the test provider and has its invoice; order-aftercare.test.ts walks the rest.
  'GET /api/orders/:id/invoice': {
    access: 'user',
    own: async (owner) => {
      await newCartLine(owner);
      return { id: await made(owner, '/api/orders', { shippingAddress, paymentMethod: 'stripe' }) };
    },
  },
  'GET /api/orders/:id/credit-notes/:creditNoteId': {
    access: 'user',
    own: async (owner) => {
      await newCartLine(owner);
      const id = await made(owner, '/api/orders', { shippingAddress, paymentMethod: 'stripe' });
      const cancelled = await asUser(t.app, { cookie: owner.ownerCookie! }).post(`/api/orders/${id}/cancel`, {
        reason: 'Made to be credited',
      });
      return { id, creditNoteId: cancelled.json<{ creditNotes: { id: string }[] }>().creditNotes[0]!.id };
    },
  },
  'POST /api/orders/:id/cancel': {
    access: 'user',
    own: async (owner) => {
      await newCartLine(owner);
      return { id: await made(owner, '/api/orders', { shippingAddress, paymentMethod: 'bank_transfer' }) };
    },
    body: () => ({ reason: 'Ordered by mistake' }),
  },
  'POST /api/orders/:id/returns': {
    access: 'user',
    own: async (owner) => {
      await newCartLine(owner);
      return { id: await made(owner, '/api/orders', { shippingAddress, paymentMethod: 'bank_transfer' }) };
    },
    body: () => ({ lines: [{ productId: randomUUID(), quantity: 1 }], reason: 'Damaged' }),
  },
  'POST /api/orders/:id/ship': {
    access: 'director',
    body: () => ({ carrier: 'India Post', trackingNumber: 'EE123456789IN' }),
  },
  'POST /api/orders/:id/deliver': { access: 'director' },
  'POST /api/returns/:id/approve': { access: 'director' },
  'POST /api/returns/:id/reject': { access: 'director', body: () => ({ reason: 'Used' }) },
  'GET /api/admin/orders': { access: 'director' },
  'GET /api/admin/gst-returns': { access: 'director', query: { month: '2026-11', table: 'b2b' } },
  'POST /api/admin/refunds/:id/retry': { access: 'director' },

  // Bank transfers wait for a Director, so no one's tier moves while the matrix runs.
  'GET /api/payments': { access: 'user' },
  'GET /api/payments/instructions': { access: 'user' },
  'POST /api/payments': { access: 'user', body: () => ({ amount: '10.00', paymentMethod: 'bank_transfer' }) },
  'GET /api/admin/payments': { access: 'director' },
  'POST /api/admin/payments/:id/confirm': { access: 'director' },
  'POST /api/admin/payments/:id/fail': { access: 'director' },
  'GET /api/admin/audit': { access: 'director' },
  'GET /api/review/counts': { access: 'director' },
  'POST /api/upgrade-tier': {
    access: 'user',
    body: () => ({ tier: 4, billing: 'monthly', paymentMethod: 'bank_transfer' }),
  },
  'POST /api/subscriptions': {
    access: 'user',
    body: () => ({ tier: 4, billing: 'monthly', paymentMethod: 'bank_transfer' }),
  },
  'GET /api/subscriptions/active': { access: 'user' },
  'GET /api/subscriptions/pending': { access: 'user' },
  'POST /api/subscriptions/cancel': { access: 'user' },
  'GET /api/admin/upgrades': { access: 'director' },
  'POST /api/admin/upgrades/:id/approve': { access: 'director' },
  'POST /api/admin/upgrades/:id/reject': { access: 'director' },

  'GET /api/dashboard/summary': { access: 'user' },

  'POST /api/cases': { access: 'user', body: () => caseBody },
  'GET /api/cases': { access: 'user' },
  'GET /api/cases/:id': { access: 'user', own: async (owner) => ({ id: await newCase(owner) }) },
  'PATCH /api/cases/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newCase(owner) }),
    body: () => ({ visibility: 'private' }),
  },
  'POST /api/cases/:caseId/updates': {
    access: 'user',
    own: async (owner) => ({ caseId: await newCase(owner) }),
    body: () => ({ updateType: 'comment', content: 'A comment from the matrix.' }),
  },
  'POST /api/cases/:id/observables': {
    access: 'user',
    own: async (owner) => ({ id: await newCase(owner) }),
    body: () => ({ type: 'domain', value: `m-${randomUUID()}.example` }),
  },
  'POST /api/cases/:id/observables/bulk': {
    access: 'user',
    own: async (owner) => ({ id: await newCase(owner) }),
    body: () => ({ observables: [{ type: 'domain', value: `m-${randomUUID()}.example` }] }),
  },
  'POST /api/cases/:id/observables/extract': {
    access: 'user',
    own: async (owner) => ({ id: await newCase(owner) }),
    body: () => ({ text: 'Seen at evil[.]example' }),
  },
  'GET /api/cases/:id/observables': { access: 'user', own: async (owner) => ({ id: await newCase(owner) }) },
  'DELETE /api/cases/:id/observables/:observableId': {
    access: 'user',
    own: async (owner) => {
      const id = await newCase(owner);
      return {
        id,
        observableId: await made(owner, `/api/cases/${id}/observables`, {
          type: 'domain',
          value: `m-${randomUUID()}.example`,
        }),
      };
    },
  },
  // The case workbench (design 12.5): Directors only; their ids here are random, so a Director gets 404 or 400.
  'POST /api/cases/:id/merge': { access: 'director', body: () => ({ intoCaseId: randomUUID() }) },
  'POST /api/cases/:id/tasks': { access: 'director', body: () => ({ title: 'A task from the matrix' }) },
  'GET /api/cases/:id/tasks': { access: 'director' },
  'PATCH /api/cases/:id/tasks/:taskId': { access: 'director', body: () => ({ status: 'done' }) },
  'GET /api/tasks': { access: 'director' },
  'GET /api/case-templates': { access: 'director' },
  'POST /api/case-templates': { access: 'director', body: () => templateBody },
  'PUT /api/case-templates/:id': { access: 'director', body: () => templateBody },
  'DELETE /api/case-templates/:id': { access: 'director' },
  'POST /api/cases/:id/apply-template': { access: 'director', body: () => ({ templateId: randomUUID() }) },
  'GET /api/attack/techniques': { access: 'user', query: { q: 'phishing' } },
  'GET /api/attack': { access: 'user' },

  'POST /api/secure-channel': { access: 'public' },
  'GET /api/secure-channel/requests': { access: 'director' },
  'PATCH /api/secure-channel/requests/:id': { access: 'director', body: () => ({ status: 'rejected' }) },

  'GET /api/vendor/applications': { access: 'user' },
  'POST /api/vendor/applications': { access: 'user' },
  'PATCH /api/vendor/applications/:id': { access: 'director', body: () => ({ status: 'REJECTED' }) },
  'GET /api/vendor/products': { access: 'user' },
  // Only approved vendors may add products: 403 for everyone in the matrix, after the guard.
  'POST /api/vendor/products': { access: 'user', alsoAllowed: [403] },
  'PATCH /api/vendor/products/:id': { access: 'director', body: () => ({ approvalStatus: 'rejected' }) },
  'GET /api/vendor/stats': { access: 'user' },

  'GET /q/:token': { access: 'public' },
  'GET /api/qr-codes': { access: 'user' },
  'POST /api/qr-codes': {
    access: 'user',
    body: () => ({ type: 'emergency', data: { emergencyCode: 'M-2' } }),
  },
  'POST /api/qr-codes/:id/deactivate': {
    access: 'user',
    own: async (owner) => ({ id: await newQrCode(owner) }),
  },
  'DELETE /api/qr-codes/:id': { access: 'user', own: async (owner) => ({ id: await newQrCode(owner) }) },

  'GET /api/enterprise/clients': { access: 'director' },
  'POST /api/enterprise/clients': {
    access: 'director',
    body: () => ({ name: 'Matrix Corp', domain: `${randomUUID().slice(0, 8)}.example.com` }),
  },
  'PATCH /api/enterprise/clients/:id': { access: 'director', body: () => ({ tier: 2 }) },
  'DELETE /api/enterprise/clients/:id': { access: 'director' },
  'POST /api/enterprise/clients/:id/members': {
    access: 'director',
    body: () => ({ email: uniqueEmail('seat'), role: 'owner' }),
  },

  // Organisations (design 12.3): nobody in the matrix belongs to one, so the calls past the guard are 404s (and an
  // unknown invitation link a 400); organisation.test.ts and organization-access.test.ts check the members' side.
  'GET /api/organization': { access: 'user' },
  'GET /api/organization/members': { access: 'user' },
  'PATCH /api/organization/members/:userId': { access: 'user', body: () => ({ role: 'member' }) },
  'DELETE /api/organization/members/:userId': { access: 'user' },
  'POST /api/organization/leave': { access: 'user' },
  'POST /api/organization/invitations': {
    access: 'user',
    body: () => ({ email: uniqueEmail('invited'), role: 'member' }),
  },
  'GET /api/organization/invitations': { access: 'user' },
  'DELETE /api/organization/invitations/:id': { access: 'user' },
  'POST /api/organization/invitations/accept': { access: 'user', body: () => ({ token: 'not-a-token' }) },
  'GET /api/organization/audit': { access: 'user' },
  // Single sign-on and SCIM settings (design 12.4): owners only, which sso.test.ts and scim.test.ts check; nobody
  // here owns an organisation, so a permitted caller gets 404.
  'GET /api/organization/sso': { access: 'user' },
  'PUT /api/organization/sso': {
    access: 'user',
    adminKey: true,
    reauth: true,
    body: () => ({ issuer: 'https://127.0.0.1/', clientId: 'x', clientSecret: 'y', enforced: false }),
  },
  'DELETE /api/organization/sso': { access: 'user', adminKey: true, reauth: true },
  'GET /api/organization/scim': { access: 'user' },
  'POST /api/organization/scim-token': { access: 'user', adminKey: true, reauth: true, body: () => ({}) },
  // The sign-in's two ends are navigations that answer 302 to everyone (a failure goes to /login?error=sso).
  'GET /api/auth/sso/lookup': { access: 'public', query: { email: 'someone@example.test' } },
  'GET /api/auth/sso/start': { access: 'public', query: { email: 'someone@example.test' } },
  'GET /api/auth/sso/callback': { access: 'public', query: { state: 'x', code: 'y' } },

  // The feed is for every member (what each tier sees is the service's filter); adding to it is for Directors.
  'GET /api/threat-intelligence': { access: 'user' },
  'POST /api/threat-intelligence': { access: 'director' },
  'GET /api/threat-intelligence/export': { access: 'user' },
  'GET /api/threat-intelligence/objects': { access: 'user', query: { type: 'malware' } },
  'GET /api/threat-intelligence/imports/latest': { access: 'director' },
  'POST /api/threat-intelligence/import': {
    access: 'director',
    body: () => ({ type: 'bundle', id: `bundle--${randomUUID()}`, objects: [] }),
  },

  'GET /api/bulk/operations': { access: 'user' },
  'POST /api/bulk/operations': {
    access: 'user',
    body: () => ({ type: 'notifications_read', items: [randomUUID()] }),
  },
  'GET /api/bulk/operations/:id': { access: 'user', own: async (owner) => ({ id: await newBulk(owner) }) },
  'GET /api/bulk/operations/:id/output': {
    access: 'user',
    // A finished export, as its job leaves it (the workers do not run here).
    own: async (owner) => {
      const [row] = await t.database.db
        .insert(bulkOperations)
        .values({ userId: owner.userId!, type: 'case_export', status: 'completed', output: 'caseNumber\r\n' })
        .returning({ id: bulkOperations.id });
      return { id: row!.id };
    },
  },

  'POST /api/ai/analysis': {
    access: 'user',
    body: () => ({ type: 'sentiment_analysis', inputData: { text: 'A calm and friendly report.' } }),
  },
  'GET /api/ai/analysis': { access: 'user' },
  'GET /api/ai/analysis/:id': {
    access: 'user',
    own: async (owner) => ({
      id: await made(owner, '/api/ai/analysis', {
        type: 'sentiment_analysis',
        inputData: { text: 'A calm and friendly report.' },
      }),
    }),
  },

  'GET /api/integrations': { access: 'user' },
  'POST /api/integrations': {
    access: 'user',
    body: () => ({ type: 'webhook', name: 'Matrix hook', config: { url: 'https://hooks.example.com/m' } }),
  },
  'PATCH /api/integrations/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newIntegration(owner) }),
    body: () => ({ isActive: false }),
  },
  'DELETE /api/integrations/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newIntegration(owner) }),
  },
  'POST /api/integrations/:id/test': {
    access: 'user',
    own: async (owner) => ({ id: await newIntegration(owner) }),
  },
  'GET /api/integrations/:id/deliveries': {
    access: 'user',
    own: async (owner) => ({ id: await newIntegration(owner) }),
  },

  'GET /api/automation/rules': { access: 'user' },
  'POST /api/automation/rules': {
    access: 'user',
    body: () => ({
      name: 'Matrix rule',
      trigger: { event: 'case.created', conditions: [] },
      actions: [{ type: 'notify', config: { message: 'A case was opened' } }],
    }),
  },
  'PATCH /api/automation/rules/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newRule(owner) }),
    body: () => ({ isActive: false }),
  },
  'DELETE /api/automation/rules/:id': {
    access: 'user',
    own: async (owner) => ({ id: await newRule(owner) }),
  },
  'POST /api/automation/rules/:id/execute': {
    access: 'user',
    own: async (owner) => ({ id: await newRule(owner) }),
  },
  'GET /api/automation/rules/:id/runs': {
    access: 'user',
    own: async (owner) => ({ id: await newRule(owner) }),
  },
  'GET /api/automation/signing-secret': { access: 'user' },
  'POST /api/automation/signing-secret': { access: 'user', adminKey: true, reauth: true },

  // Data rights: an API key reaches them only with the admin scope.
  'POST /api/account/export': { access: 'user', adminKey: true, reauth: true },
  // A wrong password: refused with a 400 and nothing changes, so every role can ask (a right one ends sessions).
  'POST /api/account/delete': {
    access: 'user',
    adminKey: true,
    body: () => ({ password: 'not the password' }),
  },
  'GET /api/account/exports': { access: 'user', adminKey: true },
  'GET /api/account/deletion': { access: 'user', adminKey: true },
  'GET /api/evidence/limits': { access: 'user' },
  'GET /api/account/exports/:id/download': {
    access: 'user',
    adminKey: true,
    // A finished export, as its job leaves it (the workers do not run here).
    own: async (owner) => {
      const [row] = await t.database.db
        .insert(dataExports)
        .values({
          userId: owner.userId!,
          status: 'completed',
          progress: 100,
          document: '{}',
          completedAt: new Date(),
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning({ id: dataExports.id });
      return { id: row!.id };
    },
  },
};

/** Query values that widen a list to everyone's records: Directors only, checked like routes of their own. */
const VARIANTS: { route: string; query: Record<string, string>; access: Access }[] = [
  { route: 'GET /api/cases', query: { scope: 'all' }, access: 'director' },
  { route: 'GET /api/cases', query: { assigned: 'true' }, access: 'director' },
  { route: 'GET /api/cases', query: { scope: 'queue' }, access: 'director' },
  { route: 'GET /api/investigations', query: { scope: 'all' }, access: 'director' },
  { route: 'GET /api/vendor/applications', query: { scope: 'all' }, access: 'director' },
  { route: 'GET /api/vendor/products', query: { scope: 'pending' }, access: 'director' },
];

let loginTarget: { email: string; password: string };
let routeByKey: Map<string, RouteEntry>;

const samples = new Map<string, unknown>();
function sampleOf(key: string): unknown {
  const schema = routeByKey.get(key)?.body;
  if (schema && !samples.has(key)) samples.set(key, sampleValid(schema, seed));
  return samples.get(key);
}

type Outcome = 'allowed' | 401 | 403 | 404;

/** The tier each kind of entry declares (the 2FA step checks its half-signed-in session itself). */
const DECLARED_TIER: Record<Access, RouteAccess['tier']> = {
  public: 0,
  'mfa-pending': 0,
  user: 1,
  director: 4,
};

/**
 * What `actor` gets from a route of declared policy `policy` (widened to Directors by a query variant's `access`).
 * A key's scope is checked as the request arrives, before the tier: `read` reads (GET, HEAD), `write` also changes,
 * `admin` may all; the scope a route needs is the one it declares, else read for a read and write for the rest.
 */
function expectedFor(policy: RouteAccess, rule: Rule, method: string, actor: Actor): Outcome {
  const { access } = rule;
  if (actor.scope && policy.credentials === 'app') {
    const needed = policy.keyScope ?? (method === 'GET' || method === 'HEAD' ? 'read' : 'write');
    if (needed === 'admin' && actor.scope !== 'admin') return 403;
    if (needed === 'write' && actor.scope === 'read') return 403;
    if (rule.sessionOnly) return 403;
  }
  if (access === 'mfa-pending') return 401;
  const tier = Math.max(policy.tier, DECLARED_TIER[access]);
  if (tier === 0) return 'allowed';
  if (!actor.userId) return 401;
  if (actor.tier! < tier) return 403;
  if (policy.reauth && actor.staleProof) return 403;
  return 'allowed';
}

function fillPath(url: string, params: Params): string {
  return url.replace(/:(\w+)|\*/g, (match, name: string | undefined) =>
    encodeURIComponent(params[name ?? '*'] ?? ''),
  );
}

function defaultParams(url: string): Params {
  const params: Params = {};
  for (const [, name] of url.matchAll(/:(\w+)/g)) params[name!] = randomUUID();
  return params;
}

const roles: Actor[] = [];
/** Another tier-1 user, signed in and with an admin key: someone else's records are 404 to both. */
const strangers: Actor[] = [];

async function account(name: string, tier: number): Promise<Actor> {
  const user = await registerUser(t.app);
  if (tier !== 1) await setUserTier(t, user.id, tier);
  return { name, userId: user.id, tier, headers: { cookie: user.cookie }, ownerCookie: user.cookie };
}

async function keyOf(owner: Actor, scope: 'read' | 'write' | 'admin'): Promise<Actor> {
  const response = await asUser(t.app, { cookie: owner.ownerCookie! }).post('/api/api-keys', {
    name: `Matrix ${scope}`,
    permissions: [scope],
  });
  expect(response.statusCode).toBe(201);
  return {
    name: `key:${scope}@tier${owner.tier}`,
    userId: owner.userId,
    tier: owner.tier,
    scope,
    headers: { authorization: `Bearer ${response.json<{ key: string }>().key}` },
    ownerCookie: owner.ownerCookie,
  };
}

/** A new session's cookie; a stale one signed in (so proved itself) before the re-authentication window. */
async function sessionCookie(userId: string, stale = false): Promise<string> {
  const now = t.ctx.now;
  if (stale) t.ctx.now = () => new Date(Date.now() - (t.ctx.config.REAUTH_WINDOW_SECONDS + 60) * 1000);
  try {
    const session = await sessions.startSession(t.ctx, t.database.db, userId, { ip: '127.0.0.1' });
    return `sid=${session.token}`;
  } finally {
    t.ctx.now = now;
  }
}

/** A session of its own for a call that ends the caller's (keys are unaffected by sign-out). */
async function freshActor(actor: Actor): Promise<Actor> {
  if (!actor.userId || actor.scope) return actor;
  return { ...actor, headers: { cookie: await sessionCookie(actor.userId, actor.staleProof) } };
}

beforeAll(async () => {
  t = await createTestApp({
    RATE_LIMIT_GLOBAL_PER_MIN: '1000000',
    RATE_LIMIT_REGISTER_MAX: '100000',
    RATE_LIMIT_LOGIN_MAX: '100000',
    RATE_LIMIT_MFA_MAX: '100000',
    RATE_LIMIT_SECURE_CHANNEL_MAX: '100000',
  });
  routeByKey = new Map(t.app.routeTable.map((route) => [`${route.method} ${route.url}`, route]));
  const category = await createCategory(t.database.db);
  product = await createProduct(t.database.db, category.id, { minimumTier: 1, stockCount: 10_000 });

  const services = (await t.app.inject({ url: '/api/digital-services' })).json<
    { id: string; minimumTier: number }[]
  >();
  tier1ServiceId = services.find((service) => service.minimumTier <= 1)?.id ?? tier1ServiceId;
  const catalog = (await t.app.inject({ url: '/api/investigations/catalog' })).json<
    { id: string; minimumTier: number }[]
  >();
  tier1Investigation = catalog.find((entry) => entry.minimumTier <= 1)?.id ?? tier1Investigation;

  const target = await registerUser(t.app);
  loginTarget = { email: target.email, password: target.password };

  const tier1 = await account('tier1', 1);
  const tier2 = await account('tier2', 2);
  const tier4 = await account('tier4', 4);
  const stale = await account('tier1, its proof older than the re-authentication window', 1);
  stale.headers = { cookie: await sessionCookie(stale.userId!, true) };
  roles.push({ name: 'anonymous', headers: {} }, tier1, { ...stale, staleProof: true }, tier2, tier4);
  for (const owner of [tier4, tier1]) {
    for (const scope of ['read', 'write', 'admin'] as const) roles.push(await keyOf(owner, scope));
  }
  const stranger = await account('another tier-1 user', 1);
  strangers.push(stranger, { ...(await keyOf(stranger, 'admin')), name: "another tier-1 user's admin key" });
}, 120_000);
afterAll(() => t?.close());

/** Routes Fastify adds by itself: HEAD twins of GET routes answer exactly as their GET does. */
function isHeadTwin(route: RouteEntry): boolean {
  return route.method === 'HEAD' && routeByKey.has(`GET ${route.url}`);
}

/**
 * Routes outside this matrix: HEAD twins, and the TAXII feed, declared as taking its own credentials (API keys sent
 * as HTTP Basic or Bearer, never sessions; its own 401/403/404 are in server/modules/taxii/taxii.test.ts).
 */
function outsideMatrix(route: RouteEntry): boolean {
  return isHeadTwin(route) || route.access?.credentials === 'taxii' || route.access?.credentials === 'scim';
}

describe('authorization matrix', () => {
  it('finds an access policy declared by every route Fastify registered', () => {
    expect(
      t.app.routeTable.filter((route) => !route.access).map((route) => `${route.method} ${route.url}`),
      'routes that declare no access policy (config.access)',
    ).toEqual([]);
  });

  it("finds in each route's declaration what its entry says", () => {
    const mismatches: string[] = [];
    for (const route of t.app.routeTable) {
      const key = `${route.method} ${route.url}`;
      const rule = RULES[key];
      if (outsideMatrix(route) || !rule || !route.access) continue;
      const { credentials, tier, keyScope, reauth } = route.access;
      // /metrics takes its own token, and is public to this matrix's loopback callers while none is set.
      if (credentials !== 'app' && !(credentials === 'metrics' && rule.access === 'public'))
        mismatches.push(`${key}: declares credentials ${credentials}`);
      if (tier !== DECLARED_TIER[rule.access])
        mismatches.push(`${key}: declares tier ${tier}, entry ${rule.access}`);
      if ((keyScope === 'admin') !== Boolean(rule.adminKey))
        mismatches.push(
          `${key}: declares key scope ${keyScope ?? 'by method'}, entry adminKey ${rule.adminKey}`,
        );
      else if (keyScope !== undefined && keyScope !== 'admin')
        mismatches.push(
          `${key}: declares key scope ${keyScope}; only admin is declared, read or write follow the method`,
        );
      if (Boolean(reauth) !== Boolean(rule.reauth))
        mismatches.push(`${key}: declares reauth ${reauth ?? false}, entry reauth ${rule.reauth ?? false}`);
    }
    expect(mismatches).toEqual([]);
  });

  it('has an entry for every route Fastify registered, and none for a route that is gone', () => {
    const keys = t.app.routeTable.filter((route) => !outsideMatrix(route)).map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(50);
    expect(
      keys.filter((key) => !RULES[key]),
      'routes with no entry in the matrix',
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((key) => !routeByKey.has(key)),
      'entries for unknown routes',
    ).toEqual([]);
  });

  it('gives every role the answer its entry expects', async () => {
    const failures: string[] = [];
    let pairs = 0;

    async function check(key: string, rule: Rule, actor: Actor, query: Record<string, unknown> | undefined) {
      const route = routeByKey.get(key)!;
      if (!route.access) {
        failures.push(`${key}: declares no access policy`);
        return;
      }
      const caller = rule.endsSession ? await freshActor(actor) : actor;
      const expected = expectedFor(route.access, rule, route.method, caller);
      const ownsRecord = rule.own !== undefined && caller.userId !== undefined;
      const params = ownsRecord
        ? await rule.own!(caller)
        : rule.own
          ? defaultParams(route.url)
          : ((await rule.params?.()) ?? defaultParams(route.url));
      const body = rule.body ? rule.body() : route.body ? sampleOf(key) : undefined;
      if (route.body && !route.body.safeParse(body).success) {
        failures.push(`${key}: the matrix's body is not valid for the route: ${JSON.stringify(body)}`);
        return;
      }
      const url = fillPath(route.url, params) + toQueryString(query ?? rule.query);
      const response = rule.stream
        ? await callStream(caller, url)
        : await call(caller, route.method, url, body ?? (route.method === 'GET' ? undefined : {}));
      pairs += 1;
      const status = response.statusCode;
      const ok =
        status < 500 &&
        (expected === 'allowed'
          ? ![401, 403].includes(status) || (rule.alsoAllowed ?? []).includes(status)
          : status === expected) &&
        !(expected === 'allowed' && ownsRecord && status === 404);
      if (!ok) {
        failures.push(
          `${route.method} ${url} as ${caller.name}: expected ${expected}, got ${status} ${response.body.slice(0, 200)}`,
        );
      }
    }

    for (const route of t.app.routeTable) {
      if (outsideMatrix(route)) continue;
      const key = `${route.method} ${route.url}`;
      const rule = RULES[key];
      if (!rule) continue;
      for (const actor of roles) await check(key, rule, actor, undefined);

      // Another user's record is 404: made by one tier-1 user, asked for by another, signed in and by admin key.
      if (rule.own) {
        const owner = roles.find((role) => role.name === 'tier1')!;
        for (const other of strangers) {
          const params = await rule.own(owner);
          const body = rule.body ? rule.body() : route.body ? sampleOf(key) : undefined;
          const url = fillPath(route.url, params) + toQueryString(rule.query);
          const response = await call(
            other,
            route.method,
            url,
            body ?? (route.method === 'GET' ? undefined : {}),
          );
          pairs += 1;
          if (response.statusCode !== 404) {
            failures.push(
              `${route.method} ${url} as ${other.name}: expected 404, got ${response.statusCode}`,
            );
          }
        }
      }
    }
    for (const variant of VARIANTS) {
      const rule = { ...RULES[variant.route]!, access: variant.access };
      for (const actor of roles) await check(variant.route, rule, actor, variant.query);
    }

    process.stdout.write(
      `authorization matrix: ${pairs} (route, role) pairs checked over ${roles.length + strangers.length} roles\n`,
    );
    expect(failures).toEqual([]);
  }, 240_000);

  it('answers 401 before reading the body: an anonymous caller with an invalid body learns nothing', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      const rule = RULES[`${route.method} ${route.url}`];
      if (!route.body || !rule || (route.access?.tier ?? 0) === 0) continue;
      const url = fillPath(route.url, defaultParams(route.url));
      const response = await t.app.inject({
        method: route.method as 'POST',
        url,
        headers: { 'content-type': 'application/json' },
        payload: '{"unexpected": [1, 2, 3], "nested": {"deep": true}',
      });
      if (response.statusCode !== 401) failures.push(`${route.method} ${route.url}: ${response.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
