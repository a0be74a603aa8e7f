import type { AppContext } from '../../infra/context.js';
import type { ModuleState } from '../../infra/module.js';
import { TtlCache } from '../../lib/ttl-cache.js';

/** A stored answer of an issuer (discovery document, JWKS) and until when HTTP says it is fresh. */
export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: string;
  freshUntil: number;
}

/** Issuers' documents kept per app: at most this many URLs, each for its own `Cache-Control: max-age`. */
const MAX_DOCUMENTS = 500;

export interface SsoState extends ModuleState {
  /** GET answers of issuers by URL (decision 040): each entry carries its own lifetime. */
  documents: TtlCache<string, CachedAnswer>;
}

declare module '../../infra/context.js' {
  interface AppModules {
    sso: SsoState;
  }
}

export function createSsoState(_ctx: AppContext): SsoState {
  return { documents: new TtlCache<string, CachedAnswer>(Infinity, MAX_DOCUMENTS) };
}
