import { z } from 'zod';
import { gstinProblem, stateByCode } from '../../contract/gst.js';

const flag = z
  .enum(['0', '1', 'true', 'false'])
  .transform((value) => value === '1' || value === 'true')
  .optional();

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** An http(s) address to build others on, without its trailing slash. */
const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((value) => value.replace(/\/+$/, ''));

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(5000),
    HOST: z.string().min(1).default('127.0.0.1'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    MFA_ENCRYPTION_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
    PAYMENT_PROVIDER: z.enum(['test', 'stripe']).optional(),
    STRIPE_SECRET_KEY: z.string().min(1).optional(),
    /** Signs the events Stripe posts to `/api/webhooks/stripe` (whsec_...). */
    STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
    /** Stripe's API; tests point it at a local fake. */
    STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
    /**
     * What a client paying by bank transfer or crypto is told to do (account or wallet details), shown with the
     * payment's reference wherever such a payment waits. Unset: a placeholder that says the operator has not set them.
     */
    PAYMENT_BANK_INSTRUCTIONS: z.string().trim().min(1).max(2000).optional(),
    PAYMENT_CRYPTO_INSTRUCTIONS: z.string().trim().min(1).max(2000).optional(),
    ALLOW_PRIVATE_WEBHOOK_TARGETS: flag,
    /** Lets an SSO issuer live on a loopback or private address, over plain http (tests, local development). */
    ALLOW_PRIVATE_SSO_ISSUERS: flag,
    /** Telegram's Bot API; tests point it at a local fake. */
    TELEGRAM_API_BASE: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .transform((value) => value.replace(/\/+$/, ''))
      .default('https://api.telegram.org'),
    /** The first retry of a failed integration delivery waits this long; each next one twice as long. */
    INTEGRATION_RETRY_BASE_MS: positiveInt(10_000),
    COOKIE_SECURE: flag,
    /**
     * Whether the built client's source maps (`/assets/*.map`) are served. Unset: outside production only, as a
     * production page then does not hand anyone its source as written, comments and all; the build keeps them
     * in dist/client either way, for reading a stack trace.
     */
    SERVE_SOURCE_MAPS: flag,
    TRUST_PROXY: z.string().optional(),
    /**
     * The app's address as people reach it (https://intel.example.com), for links that leave the browser: mail, the
     * URL a QR code encodes, reports. Unset: the address the server listens on (HOST:PORT), and for a QR code the
     * origin of the request that asked for it (which honours TRUST_PROXY). Mail never links to a request's Host.
     */
    PUBLIC_BASE_URL: httpUrl.optional(),
    /**
     * Where mail goes: `smtp://[user:pass@]host:port` (plain, or STARTTLS when the server offers it) or `smtps://`
     * (TLS). Unset: messages stay in the mail outbox table, readable with `npm run cli -- mail:list`.
     */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z
      .string()
      // eslint-disable-next-line no-control-regex
      .regex(/^[^\u0000-\u001f\u007f]+$/, 'must be one line')
      .default('Intel Portal <no-reply@localhost>'),
    /** The first retry of a mail the SMTP server did not take waits this long; each next one about twice as long. */
    MAIL_RETRY_DELAY_SECONDS: positiveInt(30),
    /** Tries of one message before the outbox marks it failed. */
    MAIL_MAX_ATTEMPTS: positiveInt(8),
    /**
     * Changes to one case or investigation within this long of its first unsent change go out as one mail when the
     * time is up (design 12.6).
     */
    MAIL_COALESCE_SECONDS: positiveInt(120),
    /** How far back a reconnecting event stream is replayed (`Last-Event-ID`); older: `event: reset`. */
    EVENTS_REPLAY_SECONDS: positiveInt(300),
    /** Open event streams per user; a further one closes the oldest. */
    EVENTS_MAX_STREAMS_PER_USER: positiveInt(10),
    /**
     * `GET /metrics` answers only `Authorization: Bearer <METRICS_TOKEN>` when set; unset, only loopback callers
     * (the address TRUST_PROXY yields, so a trusted proxy's clients are not mistaken for local ones).
     */
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    /**
     * Seconds a stop keeps serving with `/readyz` answering 503 before it stops listening, so a load balancer takes
     * the instance out first (decision 041); 0 (one instance, nothing to tell) by default.
     */
    DRAIN_DELAY_SECONDS: z.coerce.number().min(0).max(3).default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** `pretty`: one readable line per request; `json`: pino's JSON lines; `auto`: pretty on a terminal outside production. */
    LOG_FORMAT: z.enum(['auto', 'pretty', 'json']).default('auto'),
    RATE_LIMIT_LOGIN_MAX: positiveInt(10),
    RATE_LIMIT_LOGIN_WINDOW_MIN: positiveInt(15),
    RATE_LIMIT_REGISTER_MAX: positiveInt(30),
    RATE_LIMIT_REGISTER_WINDOW_MIN: positiveInt(60),
    RATE_LIMIT_MFA_MAX: positiveInt(5),
    RATE_LIMIT_MFA_WINDOW_MIN: positiveInt(5),
    RATE_LIMIT_SECURE_CHANNEL_MAX: positiveInt(10),
    RATE_LIMIT_SECURE_CHANNEL_WINDOW_MIN: positiveInt(60),
    /** Reset and verification mails asked for, per address (and per account for resends)... */
    RATE_LIMIT_MAIL_PER_ADDRESS_MAX: positiveInt(5),
    /** ...and per IP address, in one window. */
    RATE_LIMIT_MAIL_PER_IP_MAX: positiveInt(30),
    RATE_LIMIT_MAIL_WINDOW_MIN: positiveInt(60),
    RATE_LIMIT_GLOBAL_PER_MIN: positiveInt(1000),
    SESSION_IDLE_MIN: positiveInt(30),
    /**
     * How long a session counts as having proved a factor (its sign-in, then each re-authentication): adding or
     * removing a passkey, turning 2FA off, new backup codes, a new API key, a new automation signing secret and a
     * data export need a proof this recent (design 12.2).
     */
    REAUTH_WINDOW_SECONDS: positiveInt(900),
    /**
     * The WebAuthn relying party id passkeys are bound to: a host name (`intel.example.com`, or a parent domain of
     * it). Unset: the host of PUBLIC_BASE_URL, else of each request. Changing it later orphans every passkey.
     */
    WEBAUTHN_RP_ID: z
      .string()
      .regex(/^(localhost|([a-z0-9-]+\.)+[a-z0-9-]+)$/i, 'must be a host name, e.g. intel.example.com')
      .optional(),
    SESSION_ABSOLUTE_HOURS: positiveInt(12),
    /**
     * Days between "Delete my account" and its carrying out; signing in before then cancels it. 0: carried out at
     * once by a job (within a minute).
     */
    ACCOUNT_DELETION_GRACE_DAYS: z.coerce.number().int().min(0).default(7),
    /** The largest evidence file accepted (413 beyond it). */
    UPLOAD_MAX_BYTES: positiveInt(20 * 1024 * 1024),
    /** How many files a case or an investigation request may hold (removed ones do not count). */
    EVIDENCE_MAX_FILES: positiveInt(50),
    /**
     * S3-compatible storage for evidence files and reports (all of ENDPOINT, BUCKET and the keys, or none). Unset:
     * files under DATA_DIR/files. The endpoint is addressed path-style (`<endpoint>/<bucket>/<key>`).
     */
    S3_ENDPOINT: httpUrl.optional(),
    S3_BUCKET: z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name')
      .optional(),
    S3_REGION: z.string().min(1).default('us-east-1'),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    /** Put before every object's key, e.g. `intel/` (objects are `<prefix>ab/cdef...`). */
    S3_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9._/-]*$/, 'may hold letters, digits and ._/- only')
      .optional(),
    /**
     * The supplier on tax invoices and credit notes (design 12.7). The defaults are a made-up firm in Bengaluru with
     * a GSTIN of the right shape and check character, for development only: a real seller sets all four.
     */
    SELLER_LEGAL_NAME: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .default('Intel Portal Private Limited (development)'),
    SELLER_ADDRESS: z
      .string()
      .trim()
      .min(1)
      .max(400)
      .default('No. 1, Residency Road, Bengaluru, Karnataka 560025'),
    SELLER_GSTIN: z
      .string()
      .trim()
      .transform((value) => value.toUpperCase())
      .refine((value) => gstinProblem(value) === null, {
        error: (issue) => gstinProblem(String(issue.input)) ?? 'is not a GSTIN',
      })
      .default('29AAICI4821K1Z8'),
    SELLER_STATE_CODE: z
      .string()
      .refine((code) => stateByCode(code) !== null, 'must be a two-digit GST state code (29 for Karnataka)')
      .default('29'),
    /** Days after delivery in which a buyer may ask to return an order's goods. */
    RETURN_WINDOW_DAYS: positiveInt(14),
    /** Tries of a refund the payment provider refuses before it waits for a Director (the first retry after... */
    REFUND_MAX_ATTEMPTS: positiveInt(5),
    /** ...this many seconds, each next one about twice as long). */
    REFUND_RETRY_DELAY_SECONDS: positiveInt(60),
  })
  .superRefine((env, ctx) => {
    for (const name of ['SESSION_SECRET', 'MFA_ENCRYPTION_KEY'] as const) {
      if (env.NODE_ENV === 'production' && !env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production' });
      }
    }
    const stripe = env.PAYMENT_PROVIDER === 'stripe' || (!env.PAYMENT_PROVIDER && env.STRIPE_SECRET_KEY);
    for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
      if (stripe && !env[name]) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required for the stripe provider' });
      }
    }
    if (env.SELLER_GSTIN.slice(0, 2) !== env.SELLER_STATE_CODE) {
      ctx.addIssue({
        code: 'custom',
        path: ['SELLER_STATE_CODE'],
        message: 'must be the state code the SELLER_GSTIN starts with',
      });
    }
    const s3 = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
    if (s3.some((name) => env[name]) || env.S3_PREFIX) {
      for (const name of s3) {
        if (!env[name]) {
          ctx.addIssue({ code: 'custom', path: [name], message: 'is required when any S3_* setting is set' });
        }
      }
    }
  })
  .transform((env) => ({
    ...env,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? (env.STRIPE_SECRET_KEY ? 'stripe' : 'test'),
    COOKIE_SECURE: env.COOKIE_SECURE ?? env.NODE_ENV === 'production',
    SERVE_SOURCE_MAPS: env.SERVE_SOURCE_MAPS ?? env.NODE_ENV !== 'production',
    ALLOW_PRIVATE_WEBHOOK_TARGETS: env.ALLOW_PRIVATE_WEBHOOK_TARGETS ?? false,
    ALLOW_PRIVATE_SSO_ISSUERS: env.ALLOW_PRIVATE_SSO_ISSUERS ?? false,
  }));

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid environment:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'EnvError';
  }
}

/** Parses the environment; throws one error listing every problem. Empty strings count as unset. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Readonly<Env> {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    throw new EnvError(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  }
  return Object.freeze(result.data);
}

/** The environment plus what is derived from it at boot. */
export type AppConfig = Readonly<Env & { sessionSecret: string; mfaEncryptionKey: string }>;
