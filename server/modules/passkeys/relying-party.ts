import type { FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/env.js';
import { requestOrigin } from '../../infra/public-url.js';
import { AppError } from '../../lib/errors.js';

/** Who passkeys are made for and where a ceremony must have happened (design 12.2). */
export interface RelyingParty {
  /** The RP id the credentials are scoped to: WEBAUTHN_RP_ID, else PUBLIC_BASE_URL's host, else the request's. */
  id: string;
  /** The origin the browser must report: PUBLIC_BASE_URL's, else the request's own (http://localhost works). */
  origin: string;
  name: string;
}

const RP_NAME = 'Intel Portal';

export function relyingParty(
  config: Pick<AppConfig, 'WEBAUTHN_RP_ID' | 'PUBLIC_BASE_URL'>,
  request: FastifyRequest,
): RelyingParty {
  try {
    const base = new URL(config.PUBLIC_BASE_URL ?? requestOrigin(request));
    return { id: config.WEBAUTHN_RP_ID ?? base.hostname, origin: base.origin, name: RP_NAME };
  } catch {
    // A Host header no URL can be made of: no ceremony can happen there.
    throw new AppError('WEBAUTHN_FAILED', 'Passkeys cannot be used at this address');
  }
}
