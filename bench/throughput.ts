import { median } from './stats.js';

/**
 * The throughput section of `npm run bench` (issue 19 points 3 and 5): each hot read through the app's whole plugin
 * chain, and the same two reads served by the seed-style Express peer (bench/express-peer.ts) from the same
 * database, all as ratios to the bare Fastify hello route loaded in the same run. Hello is loaded first and last and
 * the ratios use the mean of the two, so a machine that got busier during the section does not flatter the app. In a
 * full run each figure is the median of three processes of hello and three of the app (`measure`), and each answer's
 * server CPU time is printed beside its req/s.
 */

export interface Figure {
  rps: number;
  p99: number;
  /** Answers served under the load (summed over the processes of a `Measured`). */
  answers: number;
  /**
   * The server process's CPU time per answer (user and system, from /proc), in microseconds; null where it was not
   * read. Less sensitive than req/s to how the two cores are shared with the load generator, so the chain's own cost
   * reads from it (hello's cost over the route's, beside the throughput ratio).
   */
  cpuUs: number | null;
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

/** A server the section loads: its address and its process (for its CPU time). */
export interface Served {
  url: string;
  pid: number;
}

export interface ThroughputOptions {
  /** Bare Fastify hello servers, each its own process; their median is the baseline. */
  hello: Served[];
  /** The app, each its own process on the same database; each route's figure is their median. */
  app: Served[];
  peer: Served;
  /** A signed-in app session's cookie (`sid=...`) whose cart holds three lines. */
  cookie: string;
  /** The address of an app user, signed in on the peer too. */
  email: string;
  load: (url: string, headers: Record<string, string>, pid: number) => Promise<Figure>;
}

interface Route {
  name: string;
  /** The path, asked of every app process (or of the peer). */
  path: string;
  headers?: Record<string, string>;
  target?: number;
  /** Served by the peer (else by the app). */
  peer?: boolean;
}

/** A route's figure over several processes: the median of each measure, and each process's req/s. */
export interface Measured extends Figure {
  each: number[];
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

/**
 * Loads the same path of each process in turn. A Node process can run a hot path about a quarter slower than
 * another one running the same code, for as long as it lives (seen in about one start in six here, pinned to a core
 * or not), so one process a side could make a ratio by luck; the median of three cannot, unless two are slow.
 */
export async function measure(
  servers: Served[],
  path: string,
  headers: Record<string, string>,
  load: ThroughputOptions['load'],
): Promise<Measured> {
  const figures: Figure[] = [];
  for (const server of servers) figures.push(await load(server.url + path, headers, server.pid));
  const cpu = figures.map((figure) => figure.cpuUs);
  return {
    rps: median(figures.map((figure) => figure.rps)),
    p99: median(figures.map((figure) => figure.p99)),
    cpuUs: cpu.includes(null) ? null : median(cpu as number[]),
    answers: figures.reduce((sum, figure) => sum + figure.answers, 0),
    each: figures.map((figure) => figure.rps),
  };
}

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
  const { cookie, load } = options;
  const peerCookie = await peerSession(options.peer.url, options.email);
  const routes: Route[] = [
    { name: 'GET /healthz', path: '/healthz', target: HEALTH_TARGET },
    {
      name: 'GET /api/products (24, category)',
      path: '/api/products?category=secure-devices&limit=24',
      headers: BROWSER,
      target: PUBLIC_LIST_TARGET,
    },
    {
      name: 'GET /api/digital-services',
      path: '/api/digital-services',
      headers: BROWSER,
      target: PUBLIC_LIST_TARGET,
    },
    { name: 'GET /api/blog', path: '/api/blog', headers: BROWSER, target: PUBLIC_LIST_TARGET },
    // The same list for a client that takes no compression: the 10 KB it is sent cost the most (no target).
    {
      name: 'GET /api/products (24, uncompressed)',
      path: '/api/products?category=secure-devices&limit=24',
    },
    {
      name: 'GET /api/cart (3 lines, signed in)',
      path: '/api/cart',
      headers: { cookie },
      target: SIGNED_IN_TARGET,
    },
    {
      name: 'GET /api/auth/user (signed in)',
      path: '/api/auth/user',
      headers: { cookie },
      target: SIGNED_IN_TARGET,
    },
    {
      name: 'peer: Express GET /api/products',
      path: '/api/products?category=secure-devices&limit=24',
      peer: true,
    },
    {
      name: 'peer: Express GET /api/auth/user',
      path: '/api/auth/user',
      headers: { cookie: peerCookie },
      peer: true,
    },
  ];

  const helloFirst = await measure(options.hello, '/hello', {}, load);
  const measured: [Route, Measured][] = [];
  for (const route of routes) {
    const servers = route.peer ? [options.peer] : options.app;
    measured.push([route, await measure(servers, route.path, route.headers ?? {}, load)]);
  }
  const helloLast = await measure(options.hello, '/hello', {}, load);
  const baseline: Measured = {
    rps: (helloFirst.rps + helloLast.rps) / 2,
    p99: Math.max(helloFirst.p99, helloLast.p99),
    cpuUs:
      helloFirst.cpuUs === null || helloLast.cpuUs === null ? null : (helloFirst.cpuUs + helloLast.cpuUs) / 2,
    answers: helloFirst.answers + helloLast.answers,
    each: [],
  };

  const rows: [string, Measured][] = [
    ['bare Fastify GET /hello (mean)', baseline],
    ['  hello, first', helloFirst],
    ['  hello, last', helloLast],
    ...measured.map(([route, figure]): [string, Measured] => [route.name, figure]),
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
      `${(oursUser / theirsUser).toFixed(1)}x); hello ${helloFirst.rps.toFixed(0)} then ${helloLast.rps.toFixed(0)} req/s ` +
      `(medians of ${options.hello.length} processes; the app's figures are medians of ${options.app.length})`,
  ];
  return { baseline, rows, budgets, lines };
}
