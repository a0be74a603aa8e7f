export const INTEGRATION_TYPES = ['telegram', 'discord', 'slack', 'webhook'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** `token` is a credential for the target service: stored, never sent back to the browser. */
export interface IntegrationConfig {
  token?: string;
  url?: string;
  channel?: string;
}
