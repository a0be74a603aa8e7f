import nodemailer, { type Transporter } from 'nodemailer';
import { tracing } from './tracing.js';

/**
 * What a message says, independent of how it is laid out: every e-mail the app sends is one of these, rendered by
 * `renderMail` into a plain-text part (each link in full, on its own line) and an HTML part from one layout with no
 * remote images.
 */
export interface MailContent {
  subject: string;
  /** "Hello Ada," */
  greeting?: string;
  paragraphs: string[];
  /** The one thing to do: a button in HTML, the full link on its own line in text. */
  action?: { label: string; url: string };
  /** Facts set out as a table (a receipt's amount, method and reference). */
  details?: { label: string; value: string }[];
  /** Why the reader gets this, and where to change it. */
  footer?: string;
  /** A link under the footer (the preferences page). */
  footerLink?: { label: string; url: string };
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const APP_NAME = 'Intel Portal';

/** Line breaks and other control characters can never reach a header: an address or subject with one is refused. */
export function assertHeaderSafe(value: string, what: string): void {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value))
    throw new Error(`${what} must not contain line breaks or control characters`);
}

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderMail(content: MailContent): RenderedMail {
  assertHeaderSafe(content.subject, 'A subject');
  const text = [
    ...(content.greeting ? [content.greeting, ''] : []),
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(content.details?.length ? [...content.details.map((d) => `${d.label}: ${d.value}`), ''] : []),
    ...(content.action ? [`${content.action.label}:`, content.action.url, ''] : []),
    '-- ',
    APP_NAME,
    ...(content.footer ? [content.footer] : []),
    ...(content.footerLink ? [`${content.footerLink.label}:`, content.footerLink.url] : []),
  ].join('\n');

  const paragraph = (p: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#0f172a;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;color:#e2e8f0">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#1e293b;border-radius:8px">
<tr><td style="padding:20px 24px;border-bottom:1px solid #334155;font-weight:700;letter-spacing:.05em;color:#f8fafc">${APP_NAME}</td></tr>
<tr><td style="padding:24px">
${content.greeting ? paragraph(content.greeting) : ''}
${content.paragraphs.map(paragraph).join('\n')}
${
  content.details?.length
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px;border-collapse:collapse">${content.details
        .map(
          (d) =>
            `<tr><td style="padding:4px 16px 4px 0;color:#94a3b8">${escapeHtml(d.label)}</td><td style="padding:4px 0">${escapeHtml(d.value)}</td></tr>`,
        )
        .join('')}</table>`
    : ''
}
${
  content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:10px 18px;background:#2563eb;color:#fff;text-decoration:none;border-radius:6px;font-weight:600">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#94a3b8">Or open this link: <a href="${escapeHtml(content.action.url)}" style="color:#93c5fd;word-break:break-all">${escapeHtml(content.action.url)}</a></p>`
    : ''
}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #334155;font-size:12px;color:#94a3b8">
${content.footer ? escapeHtml(content.footer) : ''}
${content.footerLink ? ` <a href="${escapeHtml(content.footerLink.url)}" style="color:#93c5fd">${escapeHtml(content.footerLink.label)}</a>` : ''}
</td></tr>
</table>
</body></html>`;
  return { subject: content.subject, text, html };
}

export interface OutgoingMail extends RenderedMail {
  to: string;
  /** A stable Message-ID, so a retried send is recognisably the same message. */
  messageId: string;
}

export interface MailSender {
  /** 'smtp', or 'outbox' when messages only stay in the outbox table. */
  readonly transport: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * Sends through SMTP_URL (`smtp://` plain or STARTTLS when the server offers it, `smtps://` TLS, optional
 * user:password), or, when it is unset, through nodemailer's stream transport: the message is built exactly as it
 * would be sent and stays in the outbox.
 */
export function createMailSender(options: { smtpUrl?: string; from: string }): MailSender {
  assertHeaderSafe(options.from, 'MAIL_FROM');
  const smtp = options.smtpUrl ? new URL(options.smtpUrl) : null;
  const transporter: Transporter = options.smtpUrl
    ? nodemailer.createTransport({
        url: options.smtpUrl,
        // A few connections kept open and shared by the mail workers, instead of a new one (and a greeting) each.
        pool: true,
        maxConnections: 4,
        // A server that accepts the connection and then says nothing must not hold a job for minutes.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    transport: options.smtpUrl ? 'smtp' : 'outbox',
    async send(mail) {
      assertHeaderSafe(mail.to, 'A recipient');
      const message = {
        from: options.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        // Links are ours and in full; the HTML part carries no remote content to load.
        disableUrlAccess: true,
        disableFileAccess: true,
      };
      if (!smtp) {
        await transporter.sendMail(message);
        return;
      }
      // A span of its own when tracing is on: nodemailer has no instrumentation (decision 041).
      await tracing().span(
        'smtp send',
        {
          'server.address': smtp.hostname,
          'server.port': Number(smtp.port || 25),
          'network.protocol.name': 'smtp',
        },
        () => transporter.sendMail(message),
      );
    },
    close: () => transporter.close(),
  };
}
