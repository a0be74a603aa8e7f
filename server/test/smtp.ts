import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the SMTP server received it, parsed. */
export interface ReceivedMail {
  from: string;
  /** Envelope recipients, lower-cased. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  messageId: string;
  raw: string;
}

export interface TestSmtpServer {
  /** The `SMTP_URL` that reaches it. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** The first message (already received or still to come) that matches; fails after `timeoutMs`. */
  waitFor(predicate: (mail: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  /** From now on answer every message with a temporary failure (451), or accept again with `false`. */
  refuse(refusing: boolean): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server (the `smtp-server` package) on 127.0.0.1 for tests: what the app sends arrives here over a
 * socket, as it would at a mail provider. With `auth`, it requires that user and password (AUTH PLAIN/LOGIN).
 */
export async function startSmtpServer(
  options: { auth?: { user: string; pass: string }; port?: number } = {},
): Promise<TestSmtpServer> {
  const messages: ReceivedMail[] = [];
  const waiters: { predicate: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }[] = [];
  let refusing = false;

  const server = new SMTPServer({
    // Plain SMTP on loopback: nothing to protect, and no certificate for the client to doubt.
    disabledCommands: options.auth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.auth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (options.auth && auth.username === options.auth.user && auth.password === options.auth.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusing) {
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        simpleParser(raw)
          .then((parsed) => {
            const mail: ReceivedMail = {
              from: parsed.from?.text ?? '',
              to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              messageId: parsed.messageId ?? '',
              raw,
            };
            messages.push(mail);
            for (const waiter of [...waiters]) {
              if (waiter.predicate(mail)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.resolve(mail);
              }
            }
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';

  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    port,
    messages,
    waitFor(predicate, timeoutMs = 10_000) {
      const found = messages.find(predicate);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const waiter = { predicate, resolve };
        waiters.push(waiter);
        setTimeout(() => {
          const index = waiters.indexOf(waiter);
          if (index === -1) return;
          waiters.splice(index, 1);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; received: ${messages.map((m) => `${m.to.join(',')} "${m.subject}"`).join('; ') || 'nothing'}`,
            ),
          );
        }, timeoutMs).unref();
      });
    },
    refuse(value) {
      refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The full link to `path` (e.g. '/reset-password') in a text part: each link stands on its own line. */
export function linkIn(text: string, path: string): string {
  const line = text
    .split('\n')
    .find((l) => /^https?:\/\//.test(l.trim()) && new URL(l.trim()).pathname === path);
  if (!line) throw new Error(`no ${path} link in:\n${text}`);
  return line.trim();
}
