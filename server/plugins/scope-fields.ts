import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { validationFailed } from '../lib/errors.js';

/**
 * Fields that say who may see or do something (design 11.2, issue 17). A route whose schema declares one honours
 * it; anywhere else zod would strip it and the caller would believe it applied (an update sent "internal" and
 * published). So a body or query string carrying one its route does not take is refused with a 400 instead.
 */
export const SCOPE_FIELDS = [
  'isInternal',
  'internal',
  'tlp',
  'tier',
  'minimumTier',
  'requiredTier',
  'classification',
  'isPrivate',
  'private',
  'isPublic',
  'public',
  'visibility',
  'permissions',
  'scope',
  'role',
  'isAdmin',
  'expiresAt',
  'expiry',
  'approvalStatus',
] as const;

const scopeFields = new Set<string>(SCOPE_FIELDS);

/** The names of the scope fields `input` carries at its top level that `parsed` does not keep. */
export function droppedScopeFields(input: unknown, parsed: unknown): string[] {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return [];
  const kept = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  return Object.keys(input).filter((key) => scopeFields.has(key) && !(key in kept));
}

/**
 * The zod validator compiler, plus the scope-field rule for bodies and query strings: validation as before, then a
 * 400 naming each scope field the schema would have dropped.
 */
export const scopeAwareValidatorCompiler: FastifySchemaCompiler<ZodType> = (route) => {
  const validate = validatorCompiler(route);
  if (route.httpPart !== 'body' && route.httpPart !== 'querystring') return validate;
  return (data: unknown) => {
    // The zod compiler always answers synchronously with `{ value }` or `{ error }`.
    const result = validate(data) as { value?: unknown; error?: Error };
    if (result.error) return result;
    const dropped = droppedScopeFields(data, result.value);
    if (dropped.length === 0) return result;
    return {
      error: validationFailed(
        dropped.map((key) => ({
          path: key,
          message: `${key} is not accepted here: this call cannot honour it`,
        })),
      ),
    };
  };
};
