import { writeFile } from 'node:fs/promises';
import { request, type IncomingHttpHeaders } from 'node:http';
import { median } from './stats.js';

/**
 * The throughput section of `npm run bench` (issue 19 points 3 and 5): each hot read through the app's whole plugin
 * chain, and the same two reads served by the seed-style Express peer (bench/express-peer.ts) from the same
 * database, all as ratios to a bare Fastify hello route. Each load of a route takes turns with a load of hello, in
 * slices (`measureBeside`, `alternate`), so that each ratio holds two loads of the same seconds. In a full run each
 * figure is the median of three processes of the app, each paired with one of three hello processes, and each
 * answer's server CPU time is printed beside its req/s. Beside the product list, the hello servers send the list's own answer again, its bytes
 * and headers as the app sent them (`recordAnswer`): what is left between the two is the app's chain, not the size
 * of the answer.
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
  /** How long the load lasted, in seconds. */
  seconds: number;
}

/**
 * Loads `url` (with `headers`) on the process `pid`, for `share` of the run's load length (the whole of it by
 * default), and reads its figure.
 */
export type Load = (
  url: string,
  headers: Record<string, string>,
  pid: number,
  share?: number,
) => Promise<Figure>;

/** What a load asks for, and of which process. */
export interface Target {
  url: string;
  headers: Record<string, string>;
  pid: number;
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
  /** Bare Fastify hello servers, each its own process; each load of a route is paired with one of them. */
  hello: Served[];
  /** The app, each its own process on the same database; each route's figure is their median. */
  app: Served[];
  peer: Served;
  /** A signed-in app session's cookie (`sid=...`) whose cart holds three lines. */
  cookie: string;
  /** The address of an app user, signed in on the peer too. */
  email: string;
  load: Load;
  /** Where the product list's answer is kept for the hello servers (their `BENCH_ANSWER`). */
  answerFile: string;
}

interface Route {
  name: string;
  /** The path, asked of every app process (or of the peer). */
  path: string;
  headers?: Record<string, string>;
  target?: number;
  /** Served by the peer, or by the hello servers (else by the app). */
  by?: 'peer' | 'hello';
}

/** A route's figure over several processes: the median of each measure, and each process's req/s. */
export interface Measured extends Figure {
  each: number[];
}

/**
 * A route's figure with its ratios to hello, each process's load paired with a hello load just before it: the
 * median of the pairs' req/s ratios, and of their CPU ratios (hello's CPU an answer over the route's).
 */
interface Paired extends Measured {
  ratio: number;
  cpuRatio: number | null;
  /** The hello loads it was paired with. */
  hello: Figure[];
}

/** A line of the throughput table. */
export interface Row {
  name: string;
  figure: Measured;
  ratio: number;
  cpuRatio: number | null;
}

/** Targets of issue 19 point 3; the smoke run fails below a quarter of one (a collapse, not a measurement). */
const HEALTH_TARGET = 0.8;
const PUBLIC_LIST_TARGET = 0.5;
const SIGNED_IN_TARGET = 0.4;
const COLLAPSE = 0.25;
const PRODUCT_LIST_ROW = 'GET /api/products (24, category)';
const SAME_ANSWER_ROW = '  its answer from bare Fastify';
/**
 * The public lists are asked for as a browser asks (Chrome's Accept-Encoding): they are cached with their
 * compressed forms (decision 022), so the figure is what serving a visitor costs. Hello's answer is too small to
 * compress either way.
 */
export const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The cached product list every throughput figure of the bench asks for: one category's first page. */
export const PRODUCT_LIST = '/api/products?category=secure-devices&limit=24';

/** An answer as `recordAnswer` keeps it for the hello servers' `/answer` route (bench/hello-server.ts). */
export interface RecordedAnswer {
  headers: Record<string, string>;
  /** The body's bytes as they were sent (compressed), in base64. */
  body: string;
}

/** Headers that Node and Fastify write on every answer themselves. */
const WRITTEN_BY_NODE = new Set(['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding']);

/** Asks for `url` once as a browser does and keeps its answer's headers and bytes, undecoded, in `file`. */
async function recordAnswer(url: string, file: string): Promise<void> {
  const answer = await new Promise<{ status?: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      request(url, { headers: BROWSER }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      })
        .on('error', reject)
        .end();
    },
  );
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} when recording its answer`);
  const headers = Object.fromEntries(
    Object.entries(answer.headers).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string' && !WRITTEN_BY_NODE.has(entry[0]),
    ),
  );
  const recorded: RecordedAnswer = { headers, body: answer.body.toString('base64') };
  await writeFile(file, JSON.stringify(recorded));
}

/** The medians of several loads' figures (of one route, or hello's). */
export function medianFigure(figures: Figure[]): Measured {
  const cpu = figures.map((figure) => figure.cpuUs);
  return {
    rps: median(figures.map((figure) => figure.rps)),
    p99: median(figures.map((figure) => figure.p99)),
    cpuUs: cpu.includes(null) ? null : median(cpu as number[]),
    answers: figures.reduce((sum, figure) => sum + figure.answers, 0),
    seconds: figures.reduce((sum, figure) => sum + figure.seconds, 0),
    each: figures.map((figure) => figure.rps),
  };
}

/**
 * Loads `server` on the path for an eighth of the run's load length, unmeasured: its code compiled, its page read
 * and compressed, before a measured slice could open with them (a slice's p99 is the worst of its seconds).
 */
export async function warmUp(server: Served, path: string, headers: Record<string, string>, load: Load) {
  await load(server.url + path, headers, server.pid, 1 / 8);
}

/** How many slices a pair's two loads alternate in (decision 045). */
export const SLICES = 4;

/** Several loads of one target as one figure: their answers, seconds and CPU summed, the worst of their p99s. */
function combined(loads: Figure[]): Figure {
  const answers = loads.reduce((sum, load) => sum + load.answers, 0);
  const seconds = loads.reduce((sum, load) => sum + load.seconds, 0);
  const cpu = loads.map((load) => (load.cpuUs === null ? null : load.cpuUs * load.answers));
  return {
    rps: answers / seconds,
    p99: Math.max(...loads.map((load) => load.p99)),
    answers,
    seconds,
    cpuUs:
      cpu.includes(null) || answers === 0
        ? null
        : (cpu as number[]).reduce((sum, us) => sum + us, 0) / answers,
  };
}

/**
 * A pair of loads, `first` and `second` taking turns in SLICES slices that together last the run's load length
 * each, so that the two figures hold the same seconds of the machine: its speed moves by tens of percent within
 * seconds (other tenants), and two loads of 8 seconds one after the other still read a ratio of the machine as
 * much as of the server (run Z1 of docs/benchmarks.md; decision 045).
 */
export async function alternate(first: Target, second: Target, load: Load): Promise<[Figure, Figure]> {
  const firsts: Figure[] = [];
  const seconds: Figure[] = [];
  for (let slice = 0; slice < SLICES; slice++) {
    firsts.push(await load(first.url, first.headers, first.pid, 1 / SLICES));
    seconds.push(await load(second.url, second.headers, second.pid, 1 / SLICES));
  }
  return [combined(firsts), combined(seconds)];
}

/**
 * Loads each of `servers` on the path in turn, each paired with a hello process, the two loads alternating
 * (`alternate`), so that each ratio compares the same seconds of the machine: its speed drifts by tens of percent
 * within a run (other tenants), and a baseline taken at the start and the end of the section read some routes
 * against a machine that was not the one they ran on (runs O and Q, docs/benchmarks.md; decisions 043 and 045).
 * Over three processes: a Node process can run a hot path about a quarter slower than another one running the same
 * code, for as long as it lives (seen in about one start in six here, pinned to a core or not), so one process a
 * side could make a ratio by luck; the median of three cannot, unless two are slow (decision 031).
 */
export async function measureBeside(
  hellos: Served[],
  servers: Served[],
  path: string,
  headers: Record<string, string>,
  load: Load,
): Promise<Paired> {
  const figures: Figure[] = [];
  const hello: Figure[] = [];
  for (const [i, server] of servers.entries()) {
    const pairedHello = hellos[i % hellos.length]!;
    const [helloFigure, figure] = await alternate(
      { url: pairedHello.url + '/hello', headers: {}, pid: pairedHello.pid },
      { url: server.url + path, headers, pid: server.pid },
      load,
    );
    hello.push(helloFigure);
    figures.push(figure);
  }
  const cpuRatios = figures.map((figure, i) =>
    figure.cpuUs === null || hello[i]!.cpuUs === null ? null : hello[i]!.cpuUs! / figure.cpuUs,
  );
  return {
    ...medianFigure(figures),
    ratio: median(figures.map((figure, i) => figure.rps / hello[i]!.rps)),
    cpuRatio: cpuRatios.includes(null) ? null : median(cpuRatios as number[]),
    hello,
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
  await recordAnswer(options.app[0]!.url + PRODUCT_LIST, options.answerFile);
  const routes: Route[] = [
    { name: 'GET /healthz', path: '/healthz', target: HEALTH_TARGET },
    {
      name: PRODUCT_LIST_ROW,
      path: PRODUCT_LIST,
      headers: BROWSER,
      target: PUBLIC_LIST_TARGET,
    },
    // The same answer, its bytes and headers, from the bare Fastify servers: the list's cost without the app's chain.
    { name: SAME_ANSWER_ROW, path: '/answer', by: 'hello' },
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
      path: PRODUCT_LIST,
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
      path: PRODUCT_LIST,
      by: 'peer',
    },
    {
      name: 'peer: Express GET /api/auth/user',
      path: '/api/auth/user',
      headers: { cookie: peerCookie },
      by: 'peer',
    },
  ];

  const serversOf = (route: Route) =>
    route.by === 'peer' ? [options.peer] : route.by === 'hello' ? options.hello : options.app;
  for (const route of routes) {
    for (const server of serversOf(route)) await warmUp(server, route.path, route.headers ?? {}, load);
  }
  const measured: [Route, Paired][] = [];
  for (const route of routes) {
    const servers = serversOf(route);
    measured.push([
      route,
      await measureBeside(options.hello, servers, route.path, route.headers ?? {}, load),
    ]);
  }
  // Every hello load of the section: the baseline the table shows, and the later sections' ratios use.
  const helloLoads = measured.flatMap(([, figure]) => figure.hello);
  const baseline = medianFigure(helloLoads);

  const rows: Row[] = [
    {
      name: `bare Fastify GET /hello (${helloLoads.length} loads)`,
      figure: baseline,
      ratio: 1,
      cpuRatio: baseline.cpuUs === null ? null : 1,
    },
    ...measured.map(([route, figure]): Row => ({
      name: route.name,
      figure,
      ratio: figure.ratio,
      cpuRatio: figure.cpuRatio,
    })),
  ];
  const budgets: RatioBudget[] = measured
    .filter(([route]) => route.target !== undefined)
    .map(([route, figure]) => ({
      name: `${route.name.split(' (')[0]}, ratio`,
      value: figure.ratio,
      unit: '',
      target: route.target!,
      kind: 'at least',
      collapse: route.target! * COLLAPSE,
    }));
  const figureOf = (name: string) => measured.find(([route]) => route.name === name)![1];
  const ratioOf = (name: string) => figureOf(name).ratio;
  // Like for like: the peer compresses nothing, so our uncompressed answer is the one to hold against it.
  const ours = ratioOf('GET /api/products (24, uncompressed)');
  const theirs = ratioOf('peer: Express GET /api/products');
  const oursUser = ratioOf('GET /api/auth/user (signed in)');
  const theirsUser = ratioOf('peer: Express GET /api/auth/user');
  const lines = [
    `the seed-style peer (Express 5, express-session, connect-pg-simple; same database, same run): ` +
      `GET /api/products ${theirs.toFixed(3)} of hello (ours uncompressed ${ours.toFixed(3)}, ${(ours / theirs).toFixed(1)}x), ` +
      `signed-in GET /api/auth/user ${theirsUser.toFixed(3)} (ours ${oursUser.toFixed(3)}, ` +
      `${(oursUser / theirsUser).toFixed(1)}x)`,
    sameAnswerLine(figureOf(PRODUCT_LIST_ROW), figureOf(SAME_ANSWER_ROW)),
  ];
  return { baseline, rows, budgets, lines };
}

/** The product list beside its own answer sent by bare Fastify: what the answer costs, and what the chain adds. */
function sameAnswerLine(list: Paired, same: Paired): string {
  const ratio = (figure: Paired) => figure.ratio.toFixed(3);
  const cpu =
    list.cpuUs === null || same.cpuUs === null
      ? ''
      : `; ${same.cpuUs.toFixed(1)} us of server CPU an answer against the app's ${list.cpuUs.toFixed(1)}, ` +
        `so the app's chain costs ${(list.cpuUs - same.cpuUs).toFixed(1)} us of it`;
  return (
    `the product list's answer, its bytes and headers sent again by bare Fastify: ${ratio(same)} of hello ` +
    `(the app: ${ratio(list)})${cpu}`
  );
}
