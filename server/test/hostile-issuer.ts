import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

/*
 * An OpenID issuer of our own (node:http and jose) that signs whatever ID token a test asks for: the refusals of
 * design 12.4 (alg none, wrong audience, expired, wrong nonce, a key not in its JWKS, another domain, an unverified
 * address). Its discovery document and JWKS carry `Cache-Control: max-age=300`, and it counts how often each is read.
 */

export type IdTokenShape = {
  /** Claims over the defaults (iss, aud, sub, iat, exp, nonce of the authorization request, email verified). */
  claims?: JWTPayload & { email?: unknown; email_verified?: unknown };
  /** `none`: unsigned; `unknown-kid`: signed by a key the JWKS does not list. */
  signing?: 'good' | 'none' | 'unknown-kid';
  /** The token endpoint refuses the code. */
  refuseCode?: boolean;
};

export interface HostileIssuer {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** What the next token request answers with. */
  next: IdTokenShape;
  /** How many times each path was requested. */
  hits: Map<string, number>;
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startHostileIssuer(): Promise<HostileIssuer> {
  const good = await generateKeyPair('RS256');
  const stray = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(good.publicKey)), kid: 'good-key', alg: 'RS256', use: 'sig' };
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  /** The nonce of each code handed out: the authorization request's, as a provider would remember it. */
  const nonces = new Map<string, string>();
  const state: HostileIssuer = {
    issuer,
    clientId: 'hostile-client',
    clientSecret: 'hostile-secret-0123456789',
    next: {},
    hits: new Map(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  server.on('request', (request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', issuer);
      state.hits.set(url.pathname, (state.hits.get(url.pathname) ?? 0) + 1);
      const json = (status: number, body: unknown, cache = false) => {
        response.writeHead(status, {
          'content-type': 'application/json',
          ...(cache ? { 'cache-control': 'public, max-age=300' } : { 'cache-control': 'no-store' }),
        });
        response.end(JSON.stringify(body));
      };
      if (url.pathname === '/.well-known/openid-configuration') {
        return json(
          200,
          {
            issuer,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            jwks_uri: `${issuer}/jwks`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
            code_challenge_methods_supported: ['S256'],
            token_endpoint_auth_methods_supported: ['client_secret_basic'],
          },
          true,
        );
      }
      if (url.pathname === '/jwks') return json(200, { keys: [publicJwk] }, true);
      if (url.pathname === '/authorize') {
        // A "browser" that always consents: straight back with a code, remembering the request's nonce.
        const code = `code-${Math.random().toString(36).slice(2)}`;
        nonces.set(code, url.searchParams.get('nonce') ?? '');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', code);
        back.searchParams.set('state', url.searchParams.get('state') ?? '');
        response.writeHead(302, { location: back.href });
        return response.end();
      }
      if (url.pathname === '/token' && request.method === 'POST') {
        const form = new URLSearchParams(await readBody(request));
        const code = form.get('code') ?? '';
        const nonce = nonces.get(code);
        nonces.delete(code);
        const shape = state.next;
        if (nonce === undefined || shape.refuseCode) return json(400, { error: 'invalid_grant' });
        const now = Math.floor(Date.now() / 1000);
        const claims: JWTPayload = {
          iss: issuer,
          aud: state.clientId,
          sub: 'subject-1',
          iat: now,
          exp: now + 300,
          nonce,
          email_verified: true,
          ...shape.claims,
        };
        let idToken: string;
        if (shape.signing === 'none') {
          const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
          idToken = `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
        } else {
          const unknown = shape.signing === 'unknown-kid';
          idToken = await new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid: unknown ? 'stray-key' : 'good-key' })
            .sign(unknown ? stray.privateKey : good.privateKey);
        }
        return json(200, { access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      }
      json(404, { error: 'not_found' });
    })();
  });
  return state;
}
