import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeys,
  auditLog,
  emailTokens,
  mailOutbox,
  notifications,
  orders,
  payments,
  sessions,
  subscriptions,
  users,
} from '../../db/schema/index.js';
import { seedDatabase } from '../../db/seed/seed.js';
import { currentTotp } from '../../lib/totp.js';
import { createCategory, createProduct, setUserTier, verifyEmail } from '../../test/fixtures.js';
import {
  asUser,
  createTestApp,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type TestApp,
} from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { carryOutDue, requestDeletion } from './account-deletion.service.js';
import { previousStepTotp } from '../../test/totp.js';

const STEP = 30_000;
const DAY = 86_400_000;

/** Grace 7 days, workers off: requests, refusals and cancellations, and deletions carried out by calling the job. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_DELETION_GRACE_DAYS: '7', RATE_LIMIT_LOGIN_MAX: '4' });
});
afterAll(() => t?.close());

async function userRow(app: TestApp, id: string) {
  const [row] = await app.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

async function createKey(app: TestApp, cookie: string, permissions = ['admin']) {
  const response = await asUser(app.app, { cookie }).post('/api/api-keys', {
    name: 'Deletion key',
    permissions,
  });
  expect(response.statusCode).toBe(201);
  return response.json<{ key: string }>().key;
}

async function enableMfa(app: TestApp, cookie: string) {
  const setup = await asUser(app.app, { cookie }).get('/api/auth/mfa/setup');
  const { secret, backupCodes } = setup.json<{ secret: string; backupCodes: string[] }>();
  // The previous step's code: a later test can then use the current one (each step is accepted once).
  const enabled = await asUser(app.app, { cookie }).post('/api/auth/mfa/enable', {
    code: await previousStepTotp(secret),
  });
  expect(enabled.statusCode).toBe(200);
  return { secret, backupCodes };
}

async function login(app: TestApp, email: string, password: string) {
  return app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
}

async function auditActions(app: TestApp, userId: string) {
  const rows = await app.database.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.subjectUserId, userId));
  return rows.map((row) => row.action);
}

/** What must stay as it was after a refused request. */
async function expectUntouched(app: TestApp, account: { id: string; cookie: string }, key: string) {
  const row = await userRow(app, account.id);
  expect(row.deletionRequestedAt).toBeNull();
  expect(row.deletionScheduledFor).toBeNull();
  expect((await asUser(app.app, account).get('/api/auth/user')).statusCode).toBe(200);
  expect((await asUser(app.app, { apiKey: key }).get('/api/auth/user')).statusCode).toBe(200);
  expect(await auditActions(app, account.id)).not.toContain('account.deletion_requested');
}

describe('GET /api/account/deletion', () => {
  it("answers the server's grace in days, to signed-in users only", async () => {
    const account = await registerUser(t.app);
    const terms = await asUser(t.app, account).get('/api/account/deletion');
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({ graceDays: 7 });
    expect((await t.app.inject({ url: '/api/account/deletion' })).statusCode).toBe(401);
  });
});

describe('POST /api/account/delete refused', () => {
  it('a wrong password is a 400 at password and changes nothing', async () => {
    const account = await registerUser(t.app);
    const key = await createKey(t, account.cookie);
    const response = await asUser(t.app, account).post('/api/account/delete', {
      password: 'not my password',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'password', message: 'Password is incorrect' }]);
    // The session cookie is not cleared by a refusal.
    expect(response.cookies.find((cookie) => cookie.name === 'sid')).toBeUndefined();
    await expectUntouched(t, account, key);
  });

  it('wrong passwords count like a password change: 429 once used up, even for the right one', async () => {
    const account = await registerUser(t.app);
    const key = await createKey(t, account.cookie);
    for (let i = 0; i < 4; i++) {
      const wrong = await asUser(t.app, account).post('/api/account/delete', { password: `wrong ${i}` });
      expect(wrong.statusCode).toBe(400);
    }
    const blocked = await asUser(t.app, account).post('/api/account/delete', { password: account.password });
    expect(blocked.statusCode).toBe(429);
    await expectUntouched(t, account, key);
  });

  it('with 2FA on, a missing or wrong code is a 400 at code and changes nothing', async () => {
    const account = await registerUser(t.app);
    const key = await createKey(t, account.cookie);
    await enableMfa(t, account.cookie);
    const missing = await asUser(t.app, account).post('/api/account/delete', { password: account.password });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('code');
    const wrong = await asUser(t.app, account).post('/api/account/delete', {
      password: account.password,
      code: '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([{ path: 'code', message: 'Invalid verification code' }]);
    await expectUntouched(t, account, key);
  });

  it('is for signed-in users, and an API key needs the admin permission', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/account/delete',
      payload: { password: 'whatever it is' },
    });
    expect(anonymous.statusCode).toBe(401);
    const account = await registerUser(t.app);
    const writeKey = await createKey(t, account.cookie, ['read', 'write']);
    const byKey = await asUser(t.app, { apiKey: writeKey }).post('/api/account/delete', {
      password: account.password,
    });
    expect(byKey.statusCode).toBe(403);
    expect((await userRow(t, account.id)).deletionScheduledFor).toBeNull();
  });
});

describe('POST /api/account/delete accepted', () => {
  it('schedules the deletion, ends every session and API key at once, audits and mails the user', async () => {
    const account = await registerUser(t.app);
    const otherSession = sessionCookie(await login(t, account.email, account.password));
    const key = await createKey(t, account.cookie);
    expect((await asUser(t.app, { apiKey: key }).get('/api/auth/user')).statusCode).toBe(200);

    const before = Date.now();
    const response = await asUser(t.app, account).post('/api/account/delete', { password: account.password });
    expect(response.statusCode).toBe(202);
    const { scheduledFor } = response.json<{ scheduledFor: string }>();
    const at = Date.parse(scheduledFor);
    expect(at).toBeGreaterThanOrEqual(before + 7 * DAY - 5_000);
    expect(at).toBeLessThanOrEqual(Date.now() + 7 * DAY + 5_000);
    // The answer clears this browser's cookie.
    const cleared = response.cookies.find((cookie) => cookie.name === 'sid');
    expect(cleared?.value).toBe('');

    for (const cookie of [account.cookie, otherSession]) {
      expect((await asUser(t.app, { cookie }).get('/api/auth/user')).statusCode).toBe(401);
    }
    expect((await asUser(t.app, { apiKey: key }).get('/api/auth/user')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, account.id))).toEqual([]);

    const row = await userRow(t, account.id);
    expect(row.deletionScheduledFor?.toISOString()).toBe(scheduledFor);
    expect(row.deletedAt).toBeNull();
    expect(await auditActions(t, account.id)).toContain('account.deletion_requested');
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, account.email), eq(mailOutbox.subject, 'Your account will be deleted')),
      );
    expect(mail?.text).toContain(`It will be deleted on ${scheduledFor.slice(0, 16).replace('T', ' ')} UTC`);
    expect(mail?.text).toContain('Signing in before then cancels the deletion');

    // Not due yet: the job leaves it.
    expect(await carryOutDue(t.ctx)).toBe(0);
    expect((await userRow(t, account.id)).deletedAt).toBeNull();
  });

  it('asked again while pending, answers the same date and records it once', async () => {
    const account = await registerUser(t.app);
    const user = await userRow(t, account.id);
    const meta = { ip: '127.0.0.1' };
    const first = await requestDeletion(t.ctx, user, { password: account.password }, meta);
    const second = await requestDeletion(t.ctx, user, { password: account.password }, meta);
    expect(second.scheduledFor.toISOString()).toBe(first.scheduledFor.toISOString());
    const actions = await auditActions(t, account.id);
    expect(actions.filter((action) => action === 'account.deletion_requested')).toHaveLength(1);
  });
});

describe('signing in during the grace period', () => {
  it('cancels the deletion, with a notification and an audit event', async () => {
    const account = await registerUser(t.app);
    expect(
      (await asUser(t.app, account).post('/api/account/delete', { password: account.password })).statusCode,
    ).toBe(202);

    const signedIn = await login(t, account.email, account.password);
    expect(signedIn.statusCode).toBe(200);
    const row = await userRow(t, account.id);
    expect(row.deletionRequestedAt).toBeNull();
    expect(row.deletionScheduledFor).toBeNull();
    expect(await auditActions(t, account.id)).toContain('account.deletion_cancelled');
    const list = await asUser(t.app, { cookie: sessionCookie(signedIn) }).get('/api/notifications');
    expect(list.json<{ title: string }[]>().map((item) => item.title)).toContain(
      'Account deletion cancelled',
    );

    // Nothing is carried out later, even once the date would have passed.
    await t.database.db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - DAY) })
      .where(and(eq(users.id, account.id), sql`${users.deletionScheduledFor} is not null`));
    expect(await carryOutDue(t.ctx)).toBe(0);
    expect((await userRow(t, account.id)).deletedAt).toBeNull();
  });

  it('cancels it when a 2FA sign-in completes', async () => {
    const account = await registerUser(t.app);
    const { secret } = await enableMfa(t, account.cookie);
    const requested = await asUser(t.app, account).post('/api/account/delete', {
      password: account.password,
      code: await currentTotp(secret),
    });
    expect(requested.statusCode).toBe(202);

    const first = await login(t, account.email, account.password);
    expect(first.json()).toEqual({ mfaRequired: true, methods: ['totp', 'backup_code'] });
    // The password step alone cancels nothing.
    expect((await userRow(t, account.id)).deletionScheduledFor).not.toBeNull();
    const completed = await asUser(t.app, { cookie: sessionCookie(first) }).post('/api/auth/login/mfa', {
      code: await currentTotp(secret, Date.now() + STEP),
    });
    expect(completed.statusCode).toBe(200);
    expect((await userRow(t, account.id)).deletionScheduledFor).toBeNull();
    expect(await auditActions(t, account.id)).toContain('account.deletion_cancelled');
  });

  it('once the date has passed, signing in is refused and the deletion is carried out', async () => {
    const account = await registerUser(t.app);
    expect(
      (await asUser(t.app, account).post('/api/account/delete', { password: account.password })).statusCode,
    ).toBe(202);
    await t.database.db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - 1_000) })
      .where(eq(users.id, account.id));

    expect((await login(t, account.email, account.password)).statusCode).toBe(401);
    expect((await userRow(t, account.id)).deletionScheduledFor).not.toBeNull();
    expect(await carryOutDue(t.ctx)).toBe(1);
    const row = await userRow(t, account.id);
    expect(row.deletedAt).not.toBeNull();
    expect(row.email).toBe(`deleted-user-${row.deletedNumber}@deleted.invalid`);
    expect((await login(t, row.email, account.password)).statusCode).toBe(401);
  });
});

describe('carrying out', () => {
  async function dueAccount() {
    const account = await registerUser(t.app);
    const response = await asUser(t.app, account).post('/api/account/delete', { password: account.password });
    expect(response.statusCode).toBe(202);
    await t.database.db
      .update(users)
      .set({ deletionScheduledFor: new Date(Date.now() - 1_000) })
      .where(eq(users.id, account.id));
    return account;
  }

  it('takes another placeholder address when someone registered the one its number would get', async () => {
    const account = await dueAccount();
    const { rows } = await t.database.db.execute<{ next: string }>(
      sql`select case when is_called then last_value + 1 else last_value end as next from deleted_user_number_seq`,
    );
    const squatted = `deleted-user-${rows[0]!.next}@deleted.invalid`;
    expect((await registerUser(t.app, { email: squatted })).email).toBe(squatted);

    expect(await carryOutDue(t.ctx)).toBe(1);
    const row = await userRow(t, account.id);
    expect(row.deletedNumber).toBe(Number(rows[0]!.next));
    expect(row.email).toMatch(
      new RegExp(`^deleted-user-${row.deletedNumber}-[0-9a-f]{12}@deleted\\.invalid$`),
    );
  });

  it('leaves alone a former address of the account that another account holds now', async () => {
    const other = await registerUser(t.app);
    expect((await login(t, other.email, 'not the password')).statusCode).toBe(401);
    const account = await dueAccount();
    // The deleted account once had the other's address (it changed away from it, and the other took it).
    await t.database.db.insert(emailTokens).values({
      userId: account.id,
      purpose: 'email_change',
      tokenHash: randomUUID(),
      email: other.email,
      expiresAt: new Date(),
    });

    expect(await carryOutDue(t.ctx)).toBe(1);
    const failures = await t.database.db
      .select({ subject: auditLog.subject })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'auth.login_failed'), eq(auditLog.subjectUserId, other.id)));
    expect(failures).toEqual([{ subject: other.email }]);
    expect((await login(t, other.email, other.password)).statusCode).toBe(200);
  });

  it('puts a deletion that fails back by an hour, and the others due after it go on', async () => {
    const failing = await dueAccount();
    const next = await dueAccount();
    // The database refuses to anonymise the first one (as a broken row or constraint would).
    await t.database.db.execute(
      sql.raw(`
      create function refuse_anonymising() returns trigger language plpgsql as $$
      begin raise exception 'refused for the test'; end $$;
      create trigger refuse_anonymising before update of deleted_at on users
      for each row when (new.id = '${failing.id}' and new.deleted_at is not null)
      execute function refuse_anonymising();`),
    );
    try {
      await expect(carryOutDue(t.ctx)).rejects.toThrow();
      const postponed = await userRow(t, failing.id);
      expect(postponed.deletedAt).toBeNull();
      expect(postponed.email).toBe(failing.email);
      expect(postponed.deletionScheduledFor!.getTime()).toBeGreaterThan(Date.now() + 50 * 60_000);

      expect(await carryOutDue(t.ctx)).toBe(1);
      expect((await userRow(t, next.id)).deletedAt).not.toBeNull();
    } finally {
      await t.database.db.execute(
        sql.raw('drop trigger refuse_anonymising on users; drop function refuse_anonymising();'),
      );
    }
  });
});

describe('carried out at once (grace 0)', () => {
  let g: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    g = await createTestApp({ ACCOUNT_DELETION_GRACE_DAYS: '0', SMTP_URL: smtp.url }, { jobs: true });
    // The investigation catalogue and the rest of the demo data: a request names its catalogue entry.
    await seedDatabase(g.ctx);
  });
  afterAll(async () => {
    await g?.close();
    await smtp?.close();
  });

  it('says so in GET /api/account/deletion', async () => {
    const account = await registerUser(g.app);
    expect((await asUser(g.app, account).get('/api/account/deletion')).json()).toEqual({ graceDays: 0 });
  });

  const names = { firstName: 'Zebulonia', lastName: 'Quixotehartley' };
  const phone = '+91 98111 22334';

  it('erases the account: keys, sessions and login refused, records kept for Directors, the address free again', async () => {
    const director = await registerUser(g.app);
    await setUserTier(g, director.id, 4);
    await verifyEmail(g, director.id);

    const email = uniqueEmail('leaving');
    const password = 'a long enough passphrase';
    const registered = await g.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password, ...names },
    });
    expect(registered.statusCode).toBe(201);
    const account = { id: registered.json<{ id: string }>().id, cookie: sessionCookie(registered) };
    await verifyEmail(g, account.id);
    const as = asUser(g.app, account);

    // An order paid by card and one by crypto (a Director is alerted with the payer's address).
    const category = await createCategory(g.database.db);
    const product = await createProduct(g.database.db, category.id);
    const shippingAddress = {
      fullName: `${names.firstName} ${names.lastName}`,
      line1: '12 Marine Drive',
      city: 'Mumbai',
      state: 'Maharashtra',
      postalCode: '400001',
      country: 'India',
      phone,
    };
    for (const paymentMethod of ['stripe', 'crypto']) {
      expect((await as.post('/api/cart', { productId: product.id, quantity: 1 })).statusCode).toBe(201);
      const ordered = await as.post('/api/orders', { shippingAddress, paymentMethod });
      expect(ordered.statusCode).toBe(201);
    }
    // A paid tier upgrade: a subscription that would renew by itself.
    expect((await as.post('/api/upgrade-tier', { tier: 2, billing: 'yearly' })).statusCode).toBe(201);
    const opened = await as.post('/api/cases', {
      title: `Case of ${names.lastName}`,
      description: `Reach ${names.firstName} at ${phone} or ${email} about this matter.`,
      category: 'investigation',
    });
    expect(opened.statusCode).toBe(201);
    const investigation = await as.post('/api/investigations', {
      serviceType: 'background-check',
      subject: `Background of a partner of ${names.lastName}`,
      description: `Requested by ${names.firstName} ${names.lastName}, who can be reached at ${phone}.`,
      authorizedRepresentative: `${names.firstName} ${names.lastName}`,
      legalBasis: 'Written consent of the person on file',
      targetInformation: 'Full name, date of birth and last three employers',
      expectedTimeframe: 'Within two weeks',
      lawfulPurposeDeclaration: true,
      noHarassmentDeclaration: true,
      complianceAgreement: true,
    });
    expect(investigation.statusCode).toBe(201);
    const inquiry = await as.post('/api/service-inquiries', {
      serviceId: 'threat',
      clientName: `${names.firstName} ${names.lastName}`,
      clientEmail: email,
      clientPhone: phone,
      serviceDescription: `Threat monitoring for ${names.firstName} ${names.lastName} and the family business.`,
      technicalRequirements: 'Daily digest by e-mail and an alert for anything urgent.',
      dataScope: 'Public sources and the dark web markets named in the brief.',
      deliveryTimeframe: 'Within a month',
      businessJustification: `Threats against ${names.lastName} were received at ${phone} this spring and must stop.`,
      intendedUse: 'Protecting the family and its staff from the people threatening them.',
      dataHandling: 'Kept encrypted, shared with counsel only, deleted after a year.',
      legalBasis: 'Legitimate interest in the safety of the family and staff.',
      ethicalClearance: true,
      dataProtectionCompliance: true,
      noMaliciousUse: true,
    });
    expect(inquiry.statusCode).toBe(201);
    const applied = await as.post('/api/vendor/applications', {
      companyName: 'Quixote Trading',
      contactEmail: email,
      phone,
      businessType: 'manufacturer',
      description: `Run by ${names.firstName} ${names.lastName}; write to ${email} for the catalogue we sell.`,
    });
    expect(applied.statusCode).toBe(201);
    const secureChannel = await g.app.inject({
      method: 'POST',
      url: '/api/secure-channel',
      payload: {
        fullName: `${names.firstName} ${names.lastName}`,
        email,
        phone,
        securityClearance: 'secret',
        accessPurpose: `Access for ${names.firstName} to the secure channel for the ongoing matter at hand.`,
        operationalNeed: 'An operational need described at the length the form asks for, and then some more.',
        referenceContact: `${names.lastName} senior`,
        emergencyContact: phone,
        encryptionPreference: 'enhanced',
        communicationFrequency: 'weekly',
        dataClassification: 'confidential',
      },
    });
    expect(secureChannel.statusCode).toBe(201);
    const key = await createKey(g, account.cookie);
    const { secret } = await enableMfa(g, account.cookie);
    const cookie = sessionCookie(
      await login(g, email, password).then(async (first) => {
        return asUser(g.app, { cookie: sessionCookie(first) }).post('/api/auth/login/mfa', {
          code: await currentTotp(secret),
        });
      }),
    );
    // A failed sign-in keeps the address in the audit trail and a rate-limit counter, and so does a reset request.
    expect((await login(g, email, 'not the password')).statusCode).toBe(401);
    const reset = await g.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    expect(reset.statusCode).toBe(202);
    await smtp.waitFor((mail) => mail.to.includes(email) && mail.subject.includes('Reset'));

    const deleted = await asUser(g.app, { cookie }).post('/api/account/delete', {
      password,
      code: await currentTotp(secret, Date.now() + STEP),
    });
    expect(deleted.statusCode).toBe(202);
    expect(Date.parse(deleted.json().scheduledFor)).toBeLessThanOrEqual(Date.now());

    // Ended at once, before the job runs.
    expect((await asUser(g.app, { cookie }).get('/api/auth/user')).statusCode).toBe(401);
    expect((await asUser(g.app, account).get('/api/auth/user')).statusCode).toBe(401);
    expect((await asUser(g.app, { apiKey: key }).get('/api/orders')).statusCode).toBe(401);

    // The job sent with the request carries it out.
    let row = await userRow(g, account.id);
    for (let i = 0; i < 200 && !row.deletedAt; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      row = await userRow(g, account.id);
    }
    expect(row.deletedAt).not.toBeNull();
    const n = row.deletedNumber!;
    // The notice reached the address before the address was erased.
    const notice = await smtp.waitFor(
      (mail) => mail.to.includes(email) && mail.subject === 'Your account will be deleted',
    );
    expect(notice.text).toContain('It is deleted within a minute.');
    expect(row).toMatchObject({
      email: `deleted-user-${n}@deleted.invalid`,
      firstName: null,
      lastName: null,
      mfaEnabled: false,
      mfaSecret: null,
      mfaPendingSecret: null,
    });
    expect((await asUser(g.app, { cookie }).get('/api/auth/user')).statusCode).toBe(401);
    expect((await asUser(g.app, { apiKey: key }).get('/api/orders')).statusCode).toBe(401);
    expect(await g.database.db.select().from(apiKeys).where(eq(apiKeys.userId, account.id))).toEqual([]);
    expect(
      await g.database.db.select().from(notifications).where(eq(notifications.userId, account.id)),
    ).toEqual([]);

    // No text, varchar or jsonb column of any table still holds the address, the names or the phone number.
    const columns = await g.database.db.execute<{ table_name: string; column_name: string }>(sql`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb')
      order by table_name, column_name`);
    expect(columns.rows.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const { table_name: table, column_name: column } of columns.rows) {
      for (const needle of [email, names.firstName, names.lastName, phone]) {
        const hits = await g.database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)}::text ilike ${`%${needle}%`}`,
        );
        if (hits.rows[0]!.n > 0) found.push(`${table}.${column} holds ${needle}`);
      }
    }
    expect(found).toEqual([]);

    // The records the firm keeps are still there, on the anonymised account, and Directors see who by number.
    expect(await g.database.db.select().from(orders).where(eq(orders.userId, account.id))).toHaveLength(2);
    const kept = await g.database.db.select().from(payments).where(eq(payments.userId, account.id));
    expect(kept).toHaveLength(3);
    // The billing history stays, and nothing renews or bills the deleted account again; it has no staff rights.
    const [subscription] = await g.database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, account.id));
    expect(subscription).toMatchObject({ tier: 2, status: 'active', cancelAtPeriodEnd: true });
    expect(row.tier).toBe(1);
    const staff = asUser(g.app, director);
    const adminPayments = (await staff.get('/api/admin/payments')).json<
      { id: string; userEmail: string }[]
    >();
    for (const payment of kept) {
      expect(adminPayments.find((item) => item.id === payment.id)?.userEmail).toBe(`Deleted user #${n}`);
    }
    const allCases = (await staff.get('/api/cases?scope=all')).json<{ id: string; ownerEmail?: string }[]>();
    expect(allCases.find((item) => item.id === opened.json().id)?.ownerEmail).toBe(`Deleted user #${n}`);
    const investigations = (await staff.get('/api/investigations?scope=all')).json<
      { id: string; requestedBy: string }[]
    >();
    expect(investigations.find((item) => item.id === investigation.json().id)?.requestedBy).toBe(
      `Deleted user #${n}`,
    );
    const applications = (await staff.get('/api/vendor/applications?scope=all')).json<
      { id: string; contactEmail: string }[]
    >();
    expect(applications.find((item) => item.id === applied.json().id)?.contactEmail).toBe(
      `Deleted user #${n}`,
    );
    expect(await auditActions(g, account.id)).toEqual(
      expect.arrayContaining(['account.deletion_requested', 'account.deleted']),
    );

    // Nobody signs in as the deleted account, and its address makes a new one.
    expect((await login(g, email, password)).statusCode).toBe(401);
    expect((await login(g, row.email, password)).statusCode).toBe(401);
    const again = await g.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'another long passphrase' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().id).not.toBe(account.id);
  });
});
