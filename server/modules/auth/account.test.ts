import { verifyEmail } from '../../test/fixtures.js';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, emailTokens, mailOutbox, notifications } from '../../db/schema/index.js';
import {
  asUser,
  createTestApp,
  registerUser,
  sessionCookie,
  uniqueEmail,
  type TestApp,
} from '../../test/helpers.js';
import { linkIn, startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { purgeFinished } from '../mail/mail.service.js';
import { purgeExpiredLinks } from './account-mail.js';
import { previousStepTotp } from '../../test/totp.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    {
      SMTP_URL: smtp.url,
      MAIL_RETRY_DELAY_SECONDS: '1',
      MAIL_MAX_ATTEMPTS: '3',
      RATE_LIMIT_MAIL_PER_ADDRESS_MAX: '3',
      RATE_LIMIT_MAIL_PER_IP_MAX: '1000',
    },
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const me = (cookie: string) => asUser(t.app, { cookie }).get('/api/auth/user');
const login = (email: string, password: string) => asUser(t.app).post('/api/auth/login', { email, password });
const mailTo = (email: string, subject: string) =>
  smtp.waitFor((m) => m.to.includes(email) && m.subject === subject);
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const outboxFor = (email: string) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));

/** Waits until the reset job has looked at every request so far (it runs after the 202). */
async function resetJobsDone(): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'auth.password-reset-mail' and state < 'completed'`,
    );
    if ((rows[0] as { n: number }).n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('reset jobs did not finish');
}

describe('verified addresses', () => {
  it('mails a verification link at registration; following it verifies the address once', async () => {
    const user = await registerUser(t.app);
    expect((await me(user.cookie)).json()).toMatchObject({ email: user.email, emailVerified: false });

    const mail = await mailTo(user.email, 'Verify your Intel Portal e-mail address');
    expect(mail.from).toBe('"Intel Portal" <no-reply@localhost>');
    expect(mail.html).toContain('<a href="http://127.0.0.1:5000/verify-email?token=');
    expect(mail.html).not.toMatch(/<img|src="http/);
    const link = linkIn(mail.text, '/verify-email');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5000\/verify-email\?token=[A-Za-z0-9_-]{43}$/);

    const verified = await asUser(t.app).post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({});
    expect((await me(user.cookie)).json().emailVerified).toBe(true);

    const again = await asUser(t.app).post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID' });
    // Only a hash of the token is stored.
    const [row] = await t.database.db.select().from(emailTokens).where(eq(emailTokens.email, user.email));
    expect(row!.tokenHash).not.toContain(tokenOf(link));
  });

  it('resends a new link that replaces the old one, refuses once verified, and limits resends', async () => {
    const user = await registerUser(t.app);
    const first = linkIn(
      (await mailTo(user.email, 'Verify your Intel Portal e-mail address')).text,
      '/verify-email',
    );
    const resent = await asUser(t.app, user).post('/api/auth/verify-email/resend', {});
    expect(resent.statusCode).toBe(202);
    await smtp.waitFor(
      (m) => m.to.includes(user.email) && m.text.includes('/verify-email') && !m.text.includes(first),
    );
    expect((await asUser(t.app).post('/api/auth/verify-email', { token: tokenOf(first) })).json().code).toBe(
      'TOKEN_INVALID',
    );

    for (let i = 0; i < 2; i++) await asUser(t.app, user).post('/api/auth/verify-email/resend', {});
    const limited = await asUser(t.app, user).post('/api/auth/verify-email/resend', {});
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);

    const verifiedUser = await registerUser(t.app);
    await verifyEmail(t, verifiedUser.id);
    expect((await asUser(t.app, verifiedUser).post('/api/auth/verify-email/resend', {})).statusCode).toBe(
      409,
    );
    expect((await asUser(t.app).post('/api/auth/verify-email/resend', {})).statusCode).toBe(401);
  });

  it('sends an unverified address account mail only', async () => {
    const user = await registerUser(t.app);
    await t.ctx.db.transaction(async (tx) => {
      const { notify } = await import('../notifications/notifications.service.js');
      await notify(t.ctx, tx, {
        userId: user.id,
        type: 'case_update',
        title: 'Case moved',
        message: 'x',
        about: null,
      });
    });
    await mailTo(user.email, 'Verify your Intel Portal e-mail address');
    expect((await outboxFor(user.email)).map((m) => m.kind)).toEqual(['email_verify']);
  });

  it('refuses line breaks in names, which would reach mail headers', async () => {
    const response = await asUser(t.app).post('/api/auth/register', {
      email: uniqueEmail(),
      password: 'correct horse battery staple',
      firstName: 'Ada\r\nBcc: victim@example.test',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues[0]).toMatchObject({ path: 'firstName' });
  });
});

describe('password reset', () => {
  it('answers the same for known, unknown and differently-cased addresses and mails only the account', async () => {
    const user = await registerUser(t.app);
    const unknown = uniqueEmail('nobody');
    const answers = await Promise.all(
      [user.email, unknown, user.email.toUpperCase()].map((email) =>
        asUser(t.app).post('/api/auth/password-reset', { email }),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe('{}');
    }
    await resetJobsDone();
    expect(await outboxFor(unknown)).toEqual([]);
    expect((await outboxFor(user.email)).filter((m) => m.kind === 'password_reset')).toHaveLength(2);
    expect(
      (await asUser(t.app).post('/api/auth/password-reset', { email: 'not an address' })).statusCode,
    ).toBe(400);
  });

  it("mails the reset link to the app's own address whatever Host the request names (no reset poisoning)", async () => {
    const user = await registerUser(t.app);
    const forged = await asUser(t.app, null, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
    }).post('/api/auth/password-reset', { email: user.email });
    expect(forged.statusCode).toBe(202);
    const link = linkIn(
      (await mailTo(user.email, 'Reset your Intel Portal password')).text,
      '/reset-password',
    );
    expect(new URL(link).origin).toBe('http://127.0.0.1:5000');
  });

  it('resets with the link once, ends every session, keeps 2FA, and tells the owner', async () => {
    const user = await registerUser(t.app);
    const setup = (
      await t.app.inject({ url: '/api/auth/mfa/setup', headers: { cookie: user.cookie } })
    ).json();
    const code = await previousStepTotp(setup.secret);
    expect((await asUser(t.app, user).post('/api/auth/mfa/enable', { code })).statusCode).toBe(200);
    const cookie = sessionCookie(await login(user.email, user.password));

    expect((await asUser(t.app).post('/api/auth/password-reset', { email: user.email })).statusCode).toBe(
      202,
    );
    const mail = await mailTo(user.email, 'Reset your Intel Portal password');
    expect(mail.text).toContain('works once, for 30 minutes');
    const link = linkIn(mail.text, '/reset-password');
    expect(link).toMatch(/^http:\/\/127\.0\.0\.1:5000\/reset-password\?token=[A-Za-z0-9_-]{43}$/);

    const weak = await asUser(t.app).post('/api/auth/password-reset/confirm', {
      token: tokenOf(link),
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().issues[0]).toMatchObject({
      path: 'password',
      message: 'Password must be at least 8 characters',
    });

    const confirmed = await asUser(t.app).post('/api/auth/password-reset/confirm', {
      token: tokenOf(link),
      password: 'a brand new passphrase',
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({});
    expect((await me(user.cookie)).statusCode).toBe(401);
    expect((await me(cookie)).statusCode).toBe(401);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    const next = await login(user.email, 'a brand new passphrase');
    expect(next.json()).toEqual({ mfaRequired: true, methods: ['totp', 'backup_code'] });

    const reused = await asUser(t.app).post('/api/auth/password-reset/confirm', {
      token: tokenOf(link),
      password: 'yet another passphrase',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({
      code: 'TOKEN_INVALID',
      message: 'This link is invalid or has expired. Ask for a new one.',
    });

    const notice = await mailTo(user.email, 'Your password was changed');
    expect(notice.text).toContain('Your password was reset through a link sent to this address');
    const audits = await t.database.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.userId, user.id), eq(auditLog.action, 'auth.password_reset')));
    expect(audits).toHaveLength(1);
  });

  it('refuses an expired or altered token and changes nothing', async () => {
    const user = await registerUser(t.app);
    await asUser(t.app).post('/api/auth/password-reset', { email: user.email });
    const link = linkIn(
      (await mailTo(user.email, 'Reset your Intel Portal password')).text,
      '/reset-password',
    );
    const token = tokenOf(link);
    const altered = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(
      (
        await asUser(t.app).post('/api/auth/password-reset/confirm', {
          token: altered,
          password: 'a brand new passphrase',
        })
      ).json().code,
    ).toBe('TOKEN_INVALID');

    await t.database.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, user.id));
    const expired = await asUser(t.app).post('/api/auth/password-reset/confirm', {
      token,
      password: 'a brand new passphrase',
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().code).toBe('TOKEN_INVALID');
    expect((await login(user.email, user.password)).statusCode).toBe(200);
    expect((await me(user.cookie)).statusCode).toBe(200);
  });

  it('limits requests per address with a 429 and Retry-After, the same for unknown addresses', async () => {
    for (const email of [uniqueEmail('limited'), (await registerUser(t.app)).email]) {
      for (let i = 0; i < 3; i++)
        expect((await asUser(t.app).post('/api/auth/password-reset', { email })).statusCode).toBe(202);
      const limited = await asUser(t.app).post('/api/auth/password-reset', { email });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
  });
});

describe('changes in Settings > Security', () => {
  it('changes the password with the current one; other sessions end, this one stays', async () => {
    const user = await registerUser(t.app);
    const other = sessionCookie(await login(user.email, user.password));
    const wrong = await asUser(t.app, user).post('/api/auth/password', {
      currentPassword: 'not it',
      newPassword: 'a brand new passphrase',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toEqual([
      { path: 'currentPassword', message: 'Current password is incorrect' },
    ]);

    const weak = await asUser(t.app, user).post('/api/auth/password', {
      currentPassword: user.password,
      newPassword: 'x',
    });
    expect(weak.json().issues[0].path).toBe('newPassword');

    const changed = await asUser(t.app, user).post('/api/auth/password', {
      currentPassword: user.password,
      newPassword: 'a brand new passphrase',
    });
    expect(changed.statusCode).toBe(204);
    expect((await me(user.cookie)).statusCode).toBe(200);
    expect((await me(other)).statusCode).toBe(401);
    expect((await login(user.email, 'a brand new passphrase')).statusCode).toBe(200);
    const notice = await mailTo(user.email, 'Your password was changed');
    expect(notice.text).toContain('Your password was changed in Settings');
    expect(linkIn(notice.text, '/settings')).toBe('http://127.0.0.1:5000/settings?tab=security');
  });

  it('changes the address when the link sent to the new one is opened, and tells the old one', async () => {
    const user = await registerUser(t.app);
    const taken = await registerUser(t.app);
    expect(
      (
        await asUser(t.app, user).post('/api/auth/email', {
          newEmail: taken.email,
          currentPassword: user.password,
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await asUser(t.app, user).post('/api/auth/email', {
          newEmail: uniqueEmail(),
          currentPassword: 'wrong',
        })
      ).json().issues[0].path,
    ).toBe('currentPassword');

    const newEmail = uniqueEmail('moved');
    const asked = await asUser(t.app, user).post('/api/auth/email', {
      newEmail: newEmail.toUpperCase(),
      currentPassword: user.password,
    });
    expect(asked.statusCode).toBe(202);
    const mail = await mailTo(newEmail, 'Confirm your new Intel Portal address');
    const link = linkIn(mail.text, '/verify-email');
    // Nothing changes until the link is opened.
    expect((await me(user.cookie)).json().email).toBe(user.email);

    expect((await asUser(t.app).post('/api/auth/verify-email', { token: tokenOf(link) })).statusCode).toBe(
      200,
    );
    expect((await me(user.cookie)).json()).toMatchObject({ email: newEmail, emailVerified: true });
    const told = await mailTo(user.email, 'Your sign-in address was changed');
    expect(told.text).toContain(`Your account now signs in with ${newEmail}`);
    expect((await login(newEmail, user.password)).statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
  });

  it('refuses the change when the address was taken before the link was opened', async () => {
    const user = await registerUser(t.app);
    const newEmail = uniqueEmail('race');
    await asUser(t.app, user).post('/api/auth/email', { newEmail, currentPassword: user.password });
    const link = linkIn(
      (await mailTo(newEmail, 'Confirm your new Intel Portal address')).text,
      '/verify-email',
    );
    await registerUser(t.app, { email: newEmail });
    const confirmed = await asUser(t.app).post('/api/auth/verify-email', { token: tokenOf(link) });
    expect(confirmed.statusCode).toBe(409);
    expect((await me(user.cookie)).json().email).toBe(user.email);
  });
});

describe('notification preferences', () => {
  it('defaults to all, stores a choice, keeps security alerts on, and the choice stops that e-mail', async () => {
    const user = await registerUser(t.app);
    const preferences = () => asUser(t.app, user).get('/api/notification-preferences');
    expect((await preferences()).json()).toEqual({
      email: {
        case_update: true,
        payment_received: true,
        tier_upgrade: true,
        security_alert: true,
        other: true,
      },
    });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie: user.cookie },
      payload: {
        email: {
          case_update: false,
          payment_received: true,
          tier_upgrade: true,
          security_alert: false,
          other: true,
        },
      },
    });
    expect(put.json()).toEqual({
      email: {
        case_update: false,
        payment_received: true,
        tier_upgrade: true,
        security_alert: true,
        other: true,
      },
    });
    expect((await preferences()).json().email.case_update).toBe(false);
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/notification-preferences',
      headers: { cookie: user.cookie },
      payload: { email: { case_update: 'yes' } },
    });
    expect(bad.statusCode).toBe(400);

    await verifyEmail(t, user.id);
    const { notify } = await import('../notifications/notifications.service.js');
    await notify(t.ctx, t.database.db, {
      userId: user.id,
      type: 'case_update',
      title: 'Muted',
      message: 'x',
      about: null,
    });
    await notify(t.ctx, t.database.db, { userId: user.id, type: 'other', title: 'Loud', message: 'y' });
    await mailTo(user.email, 'Loud');
    expect((await outboxFor(user.email)).map((m) => m.subject)).not.toContain('Muted');
    const inApp = await t.database.db
      .select({ title: notifications.title })
      .from(notifications)
      .where(eq(notifications.userId, user.id));
    expect(inApp.map((n) => n.title)).toEqual(expect.arrayContaining(['Muted', 'Loud']));
  });
});

describe('an SMTP server that refuses', () => {
  it('never fails the request; the outbox shows the tries and the reason, and a retry delivers', async () => {
    smtp.refuse(true);
    try {
      const email = uniqueEmail('refused');
      expect(
        (await asUser(t.app).post('/api/auth/register', { email, password: 'correct horse battery staple' }))
          .statusCode,
      ).toBe(201);
      for (let i = 0; i < 100; i++) {
        const [row] = await outboxFor(email);
        if (row && row.attempts > 0) {
          expect(row).toMatchObject({ status: 'queued' });
          expect(row.lastError).toMatch(/451/);
          break;
        }
        if (i === 99) throw new Error('no failed attempt recorded');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      smtp.refuse(false);
      await mailTo(email, 'Verify your Intel Portal e-mail address');
      for (let i = 0; i < 100 && (await outboxFor(email))[0]!.status !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect((await outboxFor(email))[0]).toMatchObject({ status: 'sent', transport: 'smtp' });
      expect((await outboxFor(email))[0]!.attempts).toBeGreaterThan(1);
    } finally {
      smtp.refuse(false);
    }
  });
});

describe('retention of links and mail', () => {
  const HOUR = 60 * 60 * 1000;
  const DAY = 24 * HOUR;

  it('deletes links a day after they expired, used or not, and keeps the rest', async () => {
    const user = await registerUser(t.app);
    const link = (hash: string, expiresAt: Date, usedAt: Date | null = null) => ({
      userId: user.id,
      purpose: 'password_reset' as const,
      tokenHash: `${user.id}:${hash}`,
      email: user.email,
      expiresAt,
      usedAt,
    });
    const now = new Date();
    await t.database.db
      .insert(emailTokens)
      .values([
        link('expired-two-days', new Date(now.getTime() - 2 * DAY)),
        link('used-and-expired', new Date(now.getTime() - 2 * DAY), new Date(now.getTime() - 3 * DAY)),
        link('expired-an-hour', new Date(now.getTime() - HOUR)),
        link('valid', new Date(now.getTime() + HOUR)),
      ]);
    expect(await purgeExpiredLinks(t.ctx, now)).toBeGreaterThanOrEqual(2);
    // The user's own verification link from registering is theirs too, and valid: only the rows above are looked at.
    const left = (await t.database.db.select().from(emailTokens).where(eq(emailTokens.userId, user.id)))
      .map((row) => row.tokenHash.split(':')[1])
      .filter((name) => name !== undefined);
    expect(left.sort()).toEqual(['expired-an-hour', 'valid']);
  });

  it('deletes sent and failed messages a month after their last attempt, never a queued one', async () => {
    const to = uniqueEmail('retention');
    const now = new Date();
    const message = (subject: string, status: 'queued' | 'sent' | 'failed', daysAgo: number) => ({
      toAddress: to,
      kind: 'test',
      subject,
      text: subject,
      html: `<p>${subject}</p>`,
      status,
      createdAt: new Date(now.getTime() - (daysAgo + 1) * DAY),
      updatedAt: new Date(now.getTime() - daysAgo * DAY),
    });
    await t.database.db
      .insert(mailOutbox)
      .values([
        message('sent long ago', 'sent', 31),
        message('failed long ago', 'failed', 40),
        message('queued long ago', 'queued', 60),
        message('sent last week', 'sent', 7),
      ]);
    expect(await purgeFinished(t.ctx, now)).toBeGreaterThanOrEqual(2);
    expect((await outboxFor(to)).map((row) => row.subject).sort()).toEqual([
      'queued long ago',
      'sent last week',
    ]);
  });
});
