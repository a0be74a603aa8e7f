import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_MODE_NOTICE } from '../../../contract/payments.js';
import { mailOutbox, notifications } from '../../db/schema/index.js';
import { setUserTier, verifyEmail } from '../../test/fixtures.js';
import { asUser, createTestApp, registerUser, type TestApp } from '../../test/helpers.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import * as payments from './payments.service.js';

let smtp: TestSmtpServer;
let t: TestApp;
let director: Awaited<ReturnType<typeof member>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_RETRY_DELAY_SECONDS: '1' }, { jobs: true });
  director = await member({ verified: true });
  await setUserTier(t, director.id, 4);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface Note {
  type: string;
  priority: string;
  title: string;
  message: string;
  actionUrl: string | null;
}

/** A signed-in user; `verified` sets the address verified the way the verification link will. */
async function member({ verified = false } = {}) {
  const account = await registerUser(t.app);
  if (verified) {
    await verifyEmail(t, account.id);
  }
  const notes = async () => (await asUser(t.app, account).get('/api/notifications')).json<Note[]>();
  const mailOf = (subject: string) =>
    smtp.waitFor((m) => m.to.includes(account.email) && m.subject === subject);
  /** What the outbox holds for this user of one kind (`notification.payment_received`, ...). */
  const outbox = (kind: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, account.id), eq(mailOutbox.kind, kind)));
  return { ...account, notes, mailOf, outbox };
}

const lines = (text: string) => text.split('\n').map((line) => line.trim());

describe('receipts', () => {
  it('writes the receipt of a card payment and e-mails it with amount, method, reference and link', async () => {
    const user = await member({ verified: true });
    const paid = await asUser(t.app, user).post('/api/payments', {
      amount: '1234.00',
      currency: 'INR',
      description: 'Retainer',
    });
    expect(paid.statusCode).toBe(201);
    const payment = paid.json<{ id: string; reference: string }>();

    expect(await user.notes()).toContainEqual(
      expect.objectContaining({
        type: 'payment_received',
        priority: 'normal',
        title: 'Payment received',
        message: 'We received INR 1,234.00 for: Retainer.',
        actionUrl: '/payments',
      }),
    );
    const mail = await user.mailOf('Payment received');
    expect(mail.to).toEqual([user.email]);
    // The test card provider took it: the receipt says first that no card was charged.
    const text = lines(mail.text);
    expect(text[text.indexOf('Amount: INR 1,234.00') - 1]).toBe('Test mode: no card is charged');
    expect(TEST_MODE_NOTICE).toBe('Test mode: no card is charged');
    expect(mail.html).toContain('Test mode');
    expect(mail.html).toContain('no card is charged');
    expect(lines(mail.text)).toEqual(
      expect.arrayContaining([
        'We received INR 1,234.00 for: Retainer.',
        'Amount: INR 1,234.00',
        'Method: card',
        `Reference: ${payment.reference}`,
        'Paid for: Retainer',
        'http://127.0.0.1:5000/payments',
      ]),
    );
  });

  it('writes the in-app receipt but no e-mail while the address is not verified', async () => {
    const user = await member();
    expect((await asUser(t.app, user).post('/api/payments', { amount: 10 })).statusCode).toBe(201);
    expect(await user.notes()).toContainEqual(expect.objectContaining({ title: 'Payment received' }));
    expect(await user.outbox('notification.payment_received')).toEqual([]);
  });

  it('stops the receipt e-mail, not the notification, when the user turned payment e-mails off', async () => {
    const user = await member({ verified: true });
    const preferences = await asUser(t.app, user).put('/api/notification-preferences', {
      email: {
        case_update: true,
        payment_received: false,
        tier_upgrade: true,
        security_alert: true,
        other: true,
      },
    });
    expect(preferences.statusCode).toBe(200);
    await asUser(t.app, user).post('/api/payments', { amount: 15 });
    expect(await user.notes()).toContainEqual(expect.objectContaining({ title: 'Payment received' }));
    expect(await user.outbox('notification.payment_received')).toEqual([]);
  });
});

describe('payments a Director confirms', () => {
  it('alerts every Director of a crypto payment to confirm, then sends the payer the receipt', async () => {
    const user = await member({ verified: true });
    const pending = (
      await asUser(t.app, user).post('/api/payments', {
        amount: 120,
        paymentMethod: 'crypto',
        description: 'Deposit',
      })
    ).json<{ id: string; reference: string; status: string }>();
    expect(pending.status).toBe('pending');
    const paymentNotes = async () => (await user.notes()).filter((note) => note.type === 'payment_received');
    expect(await paymentNotes()).toEqual([]);

    const alert = `${user.email} paid USD 120.00 by crypto for Deposit; confirm when it arrives.`;
    const directorNotes = (await director.notes()).filter((note) => note.message === alert);
    expect(directorNotes).toEqual([
      expect.objectContaining({
        type: 'other',
        title: 'Payment awaiting confirmation',
        actionUrl: '/payments?tab=approvals',
      }),
    ]);
    const staffMail = await smtp.waitFor((m) => m.to.includes(director.email) && m.text.includes(alert));
    expect(staffMail.subject).toBe('Payment awaiting confirmation');
    expect(lines(staffMail.text)).toContain('http://127.0.0.1:5000/payments?tab=approvals');
    expect(lines(staffMail.text)).toContain(TEST_MODE_NOTICE);

    expect(
      (await asUser(t.app, director).post(`/api/admin/payments/${pending.id}/confirm`, {})).statusCode,
    ).toBe(200);
    expect(await paymentNotes()).toEqual([
      expect.objectContaining({
        type: 'payment_received',
        title: 'Payment received',
        message: 'We received USD 120.00 for: Deposit.',
      }),
    ]);
    const receipt = await user.mailOf('Payment received');
    expect(lines(receipt.text)).toEqual(
      expect.arrayContaining([
        TEST_MODE_NOTICE,
        'Amount: USD 120.00',
        'Method: crypto',
        `Reference: ${pending.reference}`,
      ]),
    );
  });

  it('tells the payer when a Director marks a bank transfer failed', async () => {
    const user = await member({ verified: true });
    const pending = (
      await asUser(t.app, user).post('/api/payments', {
        amount: 75,
        paymentMethod: 'bank_transfer',
        description: 'Invoice 7',
      })
    ).json<{ id: string; reference: string }>();
    expect(
      (await asUser(t.app, director).post(`/api/admin/payments/${pending.id}/fail`, {})).statusCode,
    ).toBe(200);

    expect((await user.notes()).filter((note) => note.type === 'payment_received')).toEqual([
      expect.objectContaining({
        type: 'payment_received',
        priority: 'high',
        title: 'Payment failed',
        message: 'Your payment of USD 75.00 for Invoice 7 did not go through.',
        actionUrl: '/payments',
      }),
    ]);
    const mail = await user.mailOf('Payment failed');
    expect(lines(mail.text)).toEqual(
      expect.arrayContaining([
        'Your payment of USD 75.00 for Invoice 7 did not go through.',
        'Method: bank transfer',
        `Reference: ${pending.reference}`,
        'http://127.0.0.1:5000/payments',
      ]),
    );
  });

  it('e-mails staff alerts to verified Directors only, and writes them in-app for every Director', async () => {
    const unverified = await member();
    await setUserTier(t, unverified.id, 4);
    const user = await member();
    await asUser(t.app, user).post('/api/payments', { amount: 5, paymentMethod: 'crypto' });
    expect(await unverified.notes()).toContainEqual(
      expect.objectContaining({ title: 'Payment awaiting confirmation' }),
    );
    expect(await unverified.outbox('notification.other')).toEqual([]);
  });
});

describe('durability', () => {
  it("leaves no payment, Directors' alert, outbox row or mail job when the recording transaction rolls back", async () => {
    const user = await member({ verified: true });
    const mailJobs = async () =>
      (await t.database.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail.send'`))
        .rows[0]!.n;
    const alerts = async (db: Pick<typeof t.database.db, 'select'> = t.database.db) =>
      (await db.select().from(notifications).where(eq(notifications.userId, director.id))).filter((note) =>
        note.message.includes('Rolled back'),
      );
    const jobsBefore = await mailJobs();
    await expect(
      t.database.db.transaction(async (tx) => {
        const payment = await payments.record(t.ctx, tx, {
          userId: user.id,
          amount: '40.00',
          currency: 'USD',
          method: 'bank_transfer',
          purpose: 'other',
          description: 'Rolled back',
        });
        expect(payment).toMatchObject({ status: 'pending', provider: 'manual', providerReference: null });
        // The Directors' alert is written with the payment, in its transaction...
        expect(await alerts(tx)).toHaveLength(1);
        throw new Error('the change failed after its payment');
      }),
    ).rejects.toThrow('the change failed after its payment');

    // ...and goes with it.
    expect(await alerts()).toEqual([]);
    expect((await asUser(t.app, user).get('/api/payments')).json()).toEqual([]);
    expect(await mailJobs()).toBe(jobsBefore);
  });
});

describe('payment instructions', () => {
  it('serves a clear placeholder until the operator sets the bank and crypto details, and only to members', async () => {
    const user = await member();
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/instructions' })).statusCode).toBe(401);
    const response = await asUser(t.app, user).get('/api/payments/instructions');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      bank_transfer: {
        text: expect.stringMatching(/^Your operator has not set bank details yet: /),
        configured: false,
      },
      crypto: {
        text: expect.stringMatching(/^Your operator has not set a crypto wallet yet: /),
        configured: false,
      },
      confirmationTime: '1-2 business days',
      // The default card provider is the test one: the client says so on every payment screen.
      testMode: true,
    });
  });

  it("serves the operator's own texts when they are set", async () => {
    const configured = await createTestApp({
      PAYMENT_BANK_INSTRUCTIONS: 'Pay to Example Bank, account 0001, IFSC EXMP0000001.',
      PAYMENT_CRYPTO_INSTRUCTIONS: 'Send USDT (TRC-20) to TXexample, reference in the memo.',
    });
    try {
      const user = await registerUser(configured.app);
      expect((await asUser(configured.app, user).get('/api/payments/instructions')).json()).toMatchObject({
        bank_transfer: { text: 'Pay to Example Bank, account 0001, IFSC EXMP0000001.', configured: true },
        crypto: { text: 'Send USDT (TRC-20) to TXexample, reference in the memo.', configured: true },
      });
    } finally {
      await configured.close();
    }
  });
});
