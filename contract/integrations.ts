export const INTEGRATION_TYPES = ['telegram', 'discord', 'slack', 'webhook'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

/** `token` is a credential for the target service: stored, never sent back to the browser. */
export interface IntegrationConfig {
  token?: string;
  url?: string;
  channel?: string;
}

export const INTEGRATION_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type IntegrationDeliveryStatus = (typeof INTEGRATION_DELIVERY_STATUSES)[number];
