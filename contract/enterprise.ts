import { z } from 'zod';
import { organizationMemberSchema } from './organization.js';
import { DEFAULT_TIER, TIER_MAX, TIER_MIN } from './tiers.js';

/** How many members a client lists; `memberCount` still counts them all. */
export const ENTERPRISE_MEMBERS_SHOWN = 100;

export const ENTERPRISE_MESSAGES = {
  name: 'Name must be at least 2 characters',
  domain: 'Enter a valid domain name, such as example.com',
  tier: `Tier must be between ${TIER_MIN} and ${TIER_MAX}`,
} as const;

/**
 * A registrable host name: dot-separated labels of letters, digits and inner hyphens (at most 63 each), a
 * top-level label of letters (or an IDN's `xn--` form), 253 characters at most. No scheme, path, port or `@`.
 */
const DOMAIN_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** Lower-cased before the check: domains are case-insensitive, and one spelling is stored. */
export const enterpriseDomainSchema = z
  .string({ error: ENTERPRISE_MESSAGES.domain })
  .trim()
  .toLowerCase()
  .regex(DOMAIN_PATTERN, ENTERPRISE_MESSAGES.domain);

const name = z
  .string({ error: ENTERPRISE_MESSAGES.name })
  .trim()
  .min(2, ENTERPRISE_MESSAGES.name)
  .max(200, 'Name must be at most 200 characters');

const tier = z
  .number({ error: ENTERPRISE_MESSAGES.tier })
  .int(ENTERPRISE_MESSAGES.tier)
  .min(TIER_MIN, ENTERPRISE_MESSAGES.tier)
  .max(TIER_MAX, ENTERPRISE_MESSAGES.tier);

/** `POST /api/enterprise/clients` (tier 4): one client per domain. */
export const createEnterpriseClientRequestSchema = z.object({
  name,
  domain: enterpriseDomainSchema,
  tier: tier.default(DEFAULT_TIER),
  /** Whoever verifies an address on the domain joins as a member (design 12.3); off by default. */
  autoJoin: z.boolean({ error: 'autoJoin must be true or false' }).default(false),
});
export type CreateEnterpriseClientRequest = z.input<typeof createEnterpriseClientRequestSchema>;
export type CreateEnterpriseClientInput = z.output<typeof createEnterpriseClientRequestSchema>;

/** `PATCH /api/enterprise/clients/{id}`: any of the fields; at least one. */
export const updateEnterpriseClientRequestSchema = z
  .object({
    name: name.optional(),
    domain: enterpriseDomainSchema.optional(),
    tier: tier.optional(),
    autoJoin: z.boolean({ error: 'autoJoin must be true or false' }).optional(),
  })
  .refine(
    (value) => Object.values(value).some((field) => field !== undefined),
    'Change at least one of name, domain, tier or autoJoin',
  );
export type UpdateEnterpriseClientRequest = z.input<typeof updateEnterpriseClientRequestSchema>;
export type UpdateEnterpriseClientInput = z.output<typeof updateEnterpriseClientRequestSchema>;

/** A member as Directors see one: the organisation's view of them plus their own tier. */
export const enterpriseMemberSchema = organizationMemberSchema.extend({ tier: z.number().int() });
export type EnterpriseMember = z.infer<typeof enterpriseMemberSchema>;

export const enterpriseClientSchema = z.object({
  id: z.string(),
  name: z.string(),
  domain: z.string(),
  tier: z.number().int(),
  autoJoin: z.boolean(),
  createdAt: z.iso.datetime(),
  /** The organisation's members (design 12.3), owners first, then by e-mail; at most ENTERPRISE_MEMBERS_SHOWN. */
  members: z.array(enterpriseMemberSchema),
  memberCount: z.number().int(),
});
export type EnterpriseClient = z.infer<typeof enterpriseClientSchema>;
