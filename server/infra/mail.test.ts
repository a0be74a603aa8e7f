import { describe, expect, it } from 'vitest';
import { startSmtpServer } from '../test/smtp.js';
import { assertHeaderSafe, createMailSender, renderMail } from './mail.js';

describe('renderMail', () => {
  const content = {
    subject: 'Payment received',
    greeting: 'Hello <Ada>,',
    paragraphs: ['We received INR 10.00 for: "Kit" & more.'],
    details: [{ label: 'Reference', value: 'abc' }],
    action: { label: 'Open', url: 'http://localhost:5000/payments?a=1&b=2' },
    footerLink: { label: 'Preferences', url: 'http://localhost:5000/settings?tab=preferences' },
  };

  it('puts every link in full on a line of its own in the text part', () => {
    const lines = renderMail(content).text.split('\n');
    expect(lines).toContain('http://localhost:5000/payments?a=1&b=2');
    expect(lines).toContain('http://localhost:5000/settings?tab=preferences');
    expect(lines).toContain('Reference: abc');
  });

  it('escapes what it is given in the HTML part and loads nothing remote', () => {
    const { html } = renderMail(content);
    expect(html).toContain('Hello &lt;Ada&gt;,');
    expect(html).toContain('&quot;Kit&quot; &amp; more.');
    expect(html).toContain('href="http://localhost:5000/payments?a=1&amp;b=2"');
    expect(html).not.toMatch(/<img|<link|url\(|src=/i);
  });

  it('refuses a subject or an address with a line break', () => {
    expect(() => renderMail({ ...content, subject: 'Hi\r\nBcc: x@example.test' })).toThrow(/line breaks/);
    expect(() => assertHeaderSafe('a@example.test\nBcc: b@example.test', 'A recipient')).toThrow(
      /line breaks/,
    );
    expect(() => createMailSender({ from: 'A <a@x.test>\r\nBcc: b@x.test' })).toThrow(/MAIL_FROM/);
  });

  it('builds the whole message without an SMTP server when SMTP_URL is unset', async () => {
    const sender = createMailSender({ from: 'Intel Portal <no-reply@localhost>' });
    expect(sender.transport).toBe('outbox');
    await sender.send({ to: 'ada@example.test', messageId: '<1@localhost>', ...renderMail(content) });
    await expect(
      sender.send({
        to: 'ada@example.test\r\nBcc: x@example.test',
        messageId: '<2@localhost>',
        ...renderMail(content),
      }),
    ).rejects.toThrow(/line breaks/);
  });

  it('signs in to an SMTP server with the user and password of SMTP_URL', async () => {
    const smtp = await startSmtpServer({ auth: { user: 'mailer', pass: 's3cret:/@' } });
    try {
      const sender = createMailSender({ smtpUrl: smtp.url, from: 'Intel Portal <no-reply@localhost>' });
      await sender.send({ to: 'ada@example.test', messageId: '<3@localhost>', ...renderMail(content) });
      const mail = await smtp.waitFor((m) => m.messageId === '<3@localhost>');
      expect(mail).toMatchObject({ to: ['ada@example.test'], subject: 'Payment received' });
      sender.close();

      const wrong = createMailSender({
        smtpUrl: smtp.url.replace('s3cret', 'wrong'),
        from: 'Intel Portal <no-reply@localhost>',
      });
      await expect(
        wrong.send({ to: 'ada@example.test', messageId: '<4@localhost>', ...renderMail(content) }),
      ).rejects.toThrow(/Invalid username or password/);
      wrong.close();
    } finally {
      await smtp.close();
    }
  });
});
