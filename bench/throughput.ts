/**
 * The throughput section of `npm run bench` (issue 19 points 3 and 5): each hot read through the app's whole plugin
 * chain, and the same two reads served by the seed-style Express peer (bench/express-peer.ts) from the same
 * database, all as ratios to the bare Fastify hello route loaded in the same run. Hello is loaded first and last and
 * the ratios use the mean of the two, so a machine that got busier during the section does not flatter the app.
 */

export interface Figure {
  rps: number;
  p99: number;
}

/** A throughput ratio with its target, and the ratio below which the smoke run calls it a collapse. */
export interface RatioBudget {
  name: string;
  value: number;
  unit: '';
  target: number;
  kind: 'at least';
  collapse: number;
}

export interface ThroughputOptions {
  hello: string;
  app: string;
  peer: string;
  /** A signed-in app session's cookie (`sid=...`) whose cart holds three lines. */
  cookie: string;
  /** The address of an app user, signed in on the peer too. */
  email: string;
  load: (url: string, headers?: Record<string, string>) => Promise<Figure>;
}

interface Route {
  name: string;
  url: string;
  headers?: Record<string, string>;
  target?: number;
}

/** Targets of issue 19 point 3; the smoke run fails below a quarter of one (a collapse, not a measurement). */
const HEALTH_TARGET = 0.8;
const PUBLIC_LIST_TARGET = 0.5;
const SIGNED_IN_TARGET = 0.4;
const COLLAPSE = 0.25;
/**
 * The public lists are asked for as a browser asks (Chrome's Accept-Encoding): they are cached with their
 * compressed forms (decision 022), so the figure is what serving a visitor costs. Hello's answer is too small to
 * compress either way.
 */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

async function peerSession(peer: string, email: string): Promise<string> {
  const response = await fetch(`${peer}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  const cookie = response.headers.get('set-cookie')?.split(';')[0];
  if (!response.ok || !cookie) throw new Error(`peer login failed: ${response.status}`);
  return cookie;
}

export async function throughputSection(options: ThroughputOptions) {
  const { app, peer, cookie, load } = options;
  const peerCookie = await peerSession(peer, options.email);
  const routes: Route[] = [
    { name: 'GET /healthz', url: `${app}/healthz`, target: HEALTH_TARGET },
    {
      name: 'GET /api/products (24, category)',
      url: `${app}/api/products?category=secure-devices&limit=24`,
      headers: BROWSER,
      target: PUBLIC_LIST_TARGET,
    },
    {
      name: 'GET /api/digital-services',
      url: `${app}/api/digital-services`,
      headers: BROWSER,
      target: PUBLIC_LIST_TARGET,
    },
    { name: 'GET /api/blog', url: `${app}/api/blog`, headers: BROWSER, target: PUBLIC_LIST_TARGET },
    // The same list for a client that takes no compression: the 10 KB it is sent cost the most (no target).
    {
      name: 'GET /api/products (24, uncompressed)',
      url: `${app}/api/products?category=secure-devices&limit=24`,
    },
    {
      name: 'GET /api/cart (3 lines, signed in)',
      url: `${app}/api/cart`,
      headers: { cookie },
      target: SIGNED_IN_TARGET,
    },
    {
      name: 'GET /api/auth/user (signed in)',
      url: `${app}/api/auth/user`,
      headers: { cookie },
      target: SIGNED_IN_TARGET,
    },
    { name: 'peer: Express GET /api/products', url: `${peer}/api/products?category=secure-devices&limit=24` },
    {
      name: 'peer: Express GET /api/auth/user',
      url: `${peer}/api/auth/user`,
      headers: { cookie: peerCookie },
    },
  ];

  const helloFirst = await load(`${options.hello}/hello`);
  const measured: [Route, Figure][] = [];
  for (const route of routes) measured.push([route, await load(route.url, route.headers)]);
  const helloLast = await load(`${options.hello}/hello`);
  const baseline: Figure = {
    rps: (helloFirst.rps + helloLast.rps) / 2,
    p99: Math.max(helloFirst.p99, helloLast.p99),
  };

  const rows: [string, Figure][] = [
    ['bare Fastify GET /hello (mean)', baseline],
    ['  hello, first', helloFirst],
    ['  hello, last', helloLast],
    ...measured.map(([route, figure]): [string, Figure] => [route.name, figure]),
  ];
  const budgets: RatioBudget[] = measured
    .filter(([route]) => route.target !== undefined)
    .map(([route, figure]) => ({
      name: `${route.name.split(' (')[0]}, ratio`,
      value: figure.rps / baseline.rps,
      unit: '',
      target: route.target!,
      kind: 'at least',
      collapse: route.target! * COLLAPSE,
    }));
  const ratioOf = (name: string) => measured.find(([route]) => route.name === name)![1].rps / baseline.rps;
  // Like for like: the peer compresses nothing, so our uncompressed answer is the one to hold against it.
  const ours = ratioOf('GET /api/products (24, uncompressed)');
  const theirs = ratioOf('peer: Express GET /api/products');
  const oursUser = ratioOf('GET /api/auth/user (signed in)');
  const theirsUser = ratioOf('peer: Express GET /api/auth/user');
  const lines = [
    `the seed-style peer (Express 5, express-session, connect-pg-simple; same database, same run): ` +
      `GET /api/products ${theirs.toFixed(3)} of hello (ours uncompressed ${ours.toFixed(3)}, ${(ours / theirs).toFixed(1)}x), ` +
      `signed-in GET /api/auth/user ${theirsUser.toFixed(3)} (ours ${oursUser.toFixed(3)}, ` +
      `${(oursUser / theirsUser).toFixed(1)}x); hello ${helloFirst.rps.toFixed(0)} then ${helloLast.rps.toFixed(0)} req/s`,
  ];
  return { baseline, rows, budgets, lines };
}
