import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.js';
import { enterpriseClients } from './enterprise.js';
import { users } from './users.js';

/**
 * An enterprise client's OpenID Connect identity provider (design 12.4, decision 040): one per client, set by an
 * owner. The client secret is sealed (lib/secret-box) and never leaves the server.
 */
export const organizationSso = pgTable('organization_sso', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => enterpriseClients.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  /** The client id the identity provider gave the portal (not the enterprise client's id). */
  oidcClientId: text('oidc_client_id').notNull(),
  clientSecretSealed: text('client_secret_sealed').notNull(),
  /** Members sign in only through SSO (Directors excepted). */
  enforced: boolean('enforced').notNull().default(false),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Sign-ins sent to the identity provider and not back yet: the state's SHA-256 is the key, so the row is found and
 * deleted by the callback in one statement (single use). Ten minutes of life.
 */
export const ssoLogins = pgTable(
  'sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    clientId: uuid('client_id')
      .notNull()
      .references(() => enterpriseClients.id, { onDelete: 'cascade' }),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    returnTo: text('return_to'),
    /** An owner's test sign-in: nobody is signed in, the result goes back to the Organisation page. */
    testedBy: uuid('tested_by').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sso_logins_expires_idx').on(t.expiresAt)],
);

/** The SCIM bearer token of a client: one at a time, only its SHA-256 kept; a new one replaces it. */
export const scimTokens = pgTable('scim_tokens', {
  clientId: uuid('client_id')
    .primaryKey()
    .references(() => enterpriseClients.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export type OrganizationSsoRow = typeof organizationSso.$inferSelect;
export type SsoLoginRow = typeof ssoLogins.$inferSelect;
