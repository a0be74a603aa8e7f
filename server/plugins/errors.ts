import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '../../contract/errors.js';
import { AppError } from '../lib/errors.js';
import { JSON_MEDIA_TYPE } from '../lib/media-types.js';

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type(JSON_MEDIA_TYPE).send(body);
}

/** Turns fastify's own client errors (bad JSON, wrong media type, body too large...) into our codes. */
function clientErrorCode(error: FastifyError): ErrorBody['code'] {
  switch (error.statusCode) {
    case 413:
      return 'PAYLOAD_TOO_LARGE';
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE';
    case 429:
      return 'RATE_LIMITED';
    case 404:
      return 'NOT_FOUND';
    default:
      return 'VALIDATION_FAILED';
  }
}

// Connection failures and PostgreSQL's "shutting down / starting up / too many clients" classes (08, 57P0x, 53300).
const UNAVAILABLE_NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/;

/** Whether `error` or one of the errors it wraps (`cause`, a few levels deep) satisfies `test`. */
function anyCause(error: unknown, test: (error: Error & { code?: unknown }) => boolean): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    if (test(current)) return true;
    current = current.cause;
  }
  return false;
}

/** Whether the error says the database could not be reached, rather than that the code is wrong. */
function isDatabaseUnavailable(error: unknown): boolean {
  return anyCause(error, ({ code, message }) => {
    if (typeof code === 'string') {
      if (UNAVAILABLE_NETWORK_CODES.has(code)) return true;
      if (code.startsWith('08') || code.startsWith('57P') || code === '53300') return true;
    }
    return UNAVAILABLE_MESSAGES.test(message);
  });
}

/**
 * PostgreSQL refuses a NUL character in text and jsonb (22021 character_not_in_repertoire, 22P05
 * untranslatable_character). JSON allows `\u0000` and the schemas accept it, so this is the client's input.
 */
function isUnstorableText(error: unknown): boolean {
  return anyCause(error, ({ code }) => code === '22021' || code === '22P05');
}

/** The single place errors become the API's error body, `{ message, code, issues? }`. 5xx bodies never leak internals. */
export default fp(
  async function errorsPlugin(app: FastifyInstance) {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      if (error instanceof AppError) {
        if (error.extra.retryAfterSeconds !== undefined) {
          reply.header('retry-after', String(error.extra.retryAfterSeconds));
        }
        return send(reply, error.statusCode, {
          message: error.message,
          code: error.code,
          ...(error.extra.issues ? { issues: error.extra.issues } : {}),
          ...(error.extra.requiredTier !== undefined ? { requiredTier: error.extra.requiredTier } : {}),
          ...(error.extra.ssoUrl !== undefined ? { ssoUrl: error.extra.ssoUrl } : {}),
        });
      }
      if (hasZodFastifySchemaValidationErrors(error)) {
        const issues = error.validation.map((issue) => ({
          path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: issue.message ?? 'Invalid value',
        }));
        return send(reply, 400, {
          message: issues[0]?.message ?? 'Validation failed',
          code: 'VALIDATION_FAILED',
          issues,
        });
      }
      const status = error.statusCode ?? 500;
      if (status >= 400 && status < 500) {
        return send(reply, status, {
          message: status === 429 ? 'Too many requests. Try again later.' : error.message,
          code: clientErrorCode(error),
        });
      }
      if (isUnstorableText(error)) {
        return send(reply, 400, {
          message: 'Text must not contain NUL characters',
          code: 'VALIDATION_FAILED',
        });
      }
      if (isDatabaseUnavailable(error)) {
        // A restart or failover: the client may retry, and /readyz tells the load balancer meanwhile.
        request.log.warn({ err: error }, 'database unavailable');
        reply.header('retry-after', '5');
        return send(reply, 503, { message: 'Service temporarily unavailable', code: 'UNAVAILABLE' });
      }
      request.log.error({ err: error }, 'unhandled error');
      return send(reply, status >= 500 ? status : 500, {
        message: 'Internal server error',
        code: 'INTERNAL',
      });
    });
  },
  { name: 'errors' },
);
