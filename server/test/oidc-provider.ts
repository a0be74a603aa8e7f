import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/*
 * A real OpenID provider for tests (the certified `oidc-provider` package) on 127.0.0.1, with its development
 * interactions: a login form that takes any account id (the address) and any password, then a consent form.
 * Every account's e-mail is its id, verified.
 */

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  close(): Promise<void>;
}

export async function startOidcProvider(redirectUri: string): Promise<TestProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = 'intel-portal';
  const clientSecret = 'a-client-secret-of-the-test-provider-0123456789';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    // The scopes' claims go into the ID token itself (the portal reads no userinfo).
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['test-provider-cookie-key-0123456789'] },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return { sub, email: sub, email_verified: true, given_name: 'Riya', family_name: 'Sen' };
        },
      };
    },
  });
  const handle = provider.callback();
  server.on('request', (request, response) => void handle(request, response));
  return {
    issuer,
    clientId,
    clientSecret,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Plays the browser at the provider's development interactions: from the authorization URL through the login form
 * (signed in as `login`) and the consent form, to the redirect back to the portal. Answers that redirect's URL.
 */
export async function signInAtProvider(authorizationUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      jar.set(name!.trim(), value.join('='));
    }
  };
  let url = new URL(authorizationUrl);
  const origin = url.origin;
  for (let step = 0; step < 20; step += 1) {
    if (url.origin !== origin) return url;
    let response = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
    remember(response);
    if (response.status === 200 && url.pathname.startsWith('/interaction/')) {
      const page = await response.text();
      const prompt = page.includes('name="login"') ? 'login' : 'consent';
      const form = new URLSearchParams({ prompt, login, password: 'any password' });
      response = await fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      });
      remember(response);
    }
    const location = response.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url.pathname}: ${response.status}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects at the provider');
}
