import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../../db/schema/index.js';
import { verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import * as notifications from '../notifications/notifications.service.js';
import { previousStepTotp } from '../../test/totp.js';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp(
    { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1', RATE_LIMIT_LOGIN_MAX: '3' },
    { jobs: true },
  );
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

describe('mail delivery', () => {
  it('sends a security alert written in a transaction through the SMTP server', async () => {
    const user = await registerUser(t.app);
    await t.database.db.transaction(async (tx) => {
      await notifications.notifySecurity(t.ctx, tx, 'security.api_key_created', {
        userId: user.id,
        name: 'ci',
      });
    });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject === 'API key created');
    expect(mail.text).toContain('A new API key "ci" can now act on your account.');
    // The row is marked sent once the server has taken the message: a moment after it arrived there.
    const row = async () =>
      (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email))).find(
        (m) => m.subject === 'API key created',
      );
    await vi.waitFor(async () => expect((await row())?.status).toBe('sent'));
    expect(await row()).toMatchObject({ status: 'sent', transport: 'smtp', attempts: 1 });
    expect(mail.messageId).toBe(`<${(await row())!.id}@localhost>`);
  });

  it('mails security alerts to an address that is not verified yet', async () => {
    const user = await registerUser(t.app);
    const mailed = (subject: string) =>
      smtp.waitFor((m) => m.to.includes(user.email) && m.subject === subject);
    const login = (password: string, userAgent?: string) =>
      asUser(t.app, null, userAgent ? { 'user-agent': userAgent } : {}).post('/api/auth/login', {
        email: user.email,
        password,
      });

    await login(user.password, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/140.0');
    const newDevice = await mailed('New sign-in');
    expect(newDevice.text).toContain('Your account was signed in from Firefox on Windows');
    expect(newDevice.text).toContain('Security alerts are always e-mailed.');

    const setup = (
      await t.app.inject({ url: '/api/auth/mfa/setup', headers: { cookie: user.cookie } })
    ).json();
    const enabled = await t.app.inject({
      method: 'POST',
      url: '/api/auth/mfa/enable',
      headers: { cookie: user.cookie },
      payload: { code: await previousStepTotp(setup.secret) },
    });
    expect(enabled.statusCode).toBe(200);
    await mailed('Two-factor authentication enabled');

    for (let i = 0; i < 3; i++) await login('wrong password');
    expect((await mailed('Repeated failed sign-ins')).text).toContain('3 failed sign-in attempts');
  });

  it('turns a line break in a title (a rule name) into a space in the subject', async () => {
    const user = await registerUser(t.app);
    await verifyEmail(t, user.id);
    await notifications.notify(t.ctx, t.database.db, {
      userId: user.id,
      type: 'other',
      title: 'Rule\r\nBcc: victim@example.test',
      message: 'x',
    });
    const mail = await smtp.waitFor((m) => m.to.includes(user.email) && m.subject.startsWith('Rule'));
    expect(mail.subject).toBe('Rule Bcc: victim@example.test');
    expect(mail.to).toEqual([user.email]);
  });
});
