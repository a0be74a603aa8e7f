import { z } from 'zod';

/*
 * SCIM 2.0 (RFC 7643, RFC 7644), Users only, at /scim/v2 (design 12.4, decision 038): the organisation's directory
 * (Okta, Microsoft Entra ID...) provisions and deprovisions its people with a bearer token per client.
 */

export const SCIM_BASE_PATH = '/scim/v2';
export const SCIM_MEDIA_TYPE = 'application/scim+json';

export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  listResponse: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patchOp: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
  serviceProviderConfig: 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig',
} as const;

/** Users per page when the directory gives no `count`, and the most one page holds. */
export const SCIM_DEFAULT_COUNT = 100;
export const SCIM_MAX_COUNT = 200;

/** A `true`/`false` as directories send it: Entra ID sends the strings "True" and "False" in PATCH values. */
export const scimBoolean = z.union([
  z.boolean(),
  z
    .string()
    .regex(/^(true|false)$/i)
    .transform((value) => value.toLowerCase() === 'true'),
]);

const nameSchema = z
  .object({
    givenName: z.string().max(100).nullish(),
    familyName: z.string().max(100).nullish(),
    formatted: z.string().max(300).nullish(),
  })
  .loose();

/** `POST /Users` and `PUT /Users/{id}`: what the portal keeps of a SCIM user; other attributes are ignored. */
export const scimUserInputSchema = z
  .object({
    schemas: z.array(z.string()).refine((list) => list.includes(SCIM_SCHEMAS.user), {
      message: `schemas must include ${SCIM_SCHEMAS.user}`,
    }),
    userName: z.string().trim().min(3).max(254),
    externalId: z.string().max(255).nullish(),
    name: nameSchema.nullish(),
    displayName: z.string().max(300).nullish(),
    active: scimBoolean.optional(),
  })
  .loose();
export type ScimUserInput = z.infer<typeof scimUserInputSchema>;

/** `PATCH /Users/{id}`: Okta's path form and Entra's value-object form of `active` both arrive here. */
export const scimPatchSchema = z.object({
  schemas: z.array(z.string()).refine((list) => list.includes(SCIM_SCHEMAS.patchOp), {
    message: `schemas must include ${SCIM_SCHEMAS.patchOp}`,
  }),
  Operations: z
    .array(
      z
        .object({
          op: z.string().regex(/^(add|replace|remove)$/i, 'op must be add, replace or remove'),
          path: z.string().max(300).optional(),
          value: z.unknown().optional(),
        })
        .loose(),
    )
    .min(1)
    .max(100),
});
export type ScimPatch = z.infer<typeof scimPatchSchema>;
