import { open, stat } from 'node:fs/promises';
import { median } from './stats.js';
import {
  alternate,
  BROWSER,
  medianFigure,
  PRODUCT_LIST,
  warmUp,
  type Load,
  type Served,
} from './throughput.js';

/**
 * What the request log costs (issue 33 point 4): the cached product list, the cheapest answer and so the one where a
 * log line weighs most, served by the app as it ships (`LOG_LEVEL` info, one JSON line per request to a file, as a
 * process manager would keep it) and by processes of the same build with the log at `warn` (no request lines),
 * loaded in turn, a process of each side after the other; both sides fresh processes that served nothing else. The
 * difference in server CPU per answer is the line's cost; the lines counted in the log files over the answers served
 * say the log was on (one each) and off (none). Each load follows a load of hello, and each side's ratio is the
 * median of its pairs' (decision 043), as in the throughput section.
 */
export interface LoggedServer extends Served {
  /** The file the process's stdout goes to. */
  log: string;
}

/** Newlines added to `file` since `from` bytes. */
async function linesSince(file: string, from: number): Promise<{ lines: number; size: number }> {
  const { size } = await stat(file);
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(size - from);
    await handle.read(buffer, 0, buffer.length, from);
    let lines = 0;
    for (let i = buffer.indexOf(10); i !== -1; i = buffer.indexOf(10, i + 1)) lines++;
    return { lines, size };
  } finally {
    await handle.close();
  }
}

/** Loads `hello` and `server` on the route in turn (`alternate`), and counts the lines the server's log gained. */
async function loadLogged(server: LoggedServer, hello: Served, load: Load) {
  const before = (await stat(server.log)).size;
  const [helloFigure, figure] = await alternate(
    { url: hello.url + '/hello', headers: {}, pid: hello.pid },
    { url: server.url + PRODUCT_LIST, headers: BROWSER, pid: server.pid },
    load,
  );
  // The asynchronous destination writes what it holds within milliseconds.
  await new Promise((resolve) => setTimeout(resolve, 500));
  return { figure, ratio: figure.rps / helloFigure.rps, lines: (await linesSince(server.log, before)).lines };
}

type Logged = Awaited<ReturnType<typeof loadLogged>>;

/** One side's figures: the medians of its processes and of their paired ratios, and its log lines over its answers. */
function side(loads: Logged[]) {
  const figure = medianFigure(loads.map((load) => load.figure));
  const lines = loads.reduce((sum, load) => sum + load.lines, 0);
  return {
    figure,
    ratio: median(loads.map((load) => load.ratio)),
    linesPerAnswer: figure.answers === 0 ? NaN : lines / figure.answers,
  };
}

export async function requestLogCost(options: {
  shipped: LoggedServer[];
  quiet: LoggedServer[];
  /** Bare Fastify hello servers; each load of a side is paired with one of them. */
  hello: Served[];
  load: Load;
}): Promise<string[]> {
  // In turn, a process of each side, so that each difference holds two loads of the same minute.
  const shippedLoads: Logged[] = [];
  const quietLoads: Logged[] = [];
  for (const server of [...options.shipped, ...options.quiet]) {
    await warmUp(server, PRODUCT_LIST, BROWSER, options.load);
  }
  for (const [i, server] of options.shipped.entries()) {
    const hello = options.hello[i % options.hello.length]!;
    shippedLoads.push(await loadLogged(server, hello, options.load));
    quietLoads.push(await loadLogged(options.quiet[i]!, hello, options.load));
  }
  const shipped = side(shippedLoads);
  const quiet = side(quietLoads);
  const differences = shippedLoads.map(({ figure }, i) => {
    const quietCpu = quietLoads[i]!.figure.cpuUs;
    return figure.cpuUs === null || quietCpu === null ? null : figure.cpuUs - quietCpu;
  });
  const cost = differences.includes(null) ? 'not read' : `${median(differences as number[]).toFixed(1)} us`;
  const describe = (name: string, { figure, ratio, linesPerAnswer }: typeof shipped) =>
    `  ${name.padEnd(28)} ${figure.rps.toFixed(0).padStart(7)} req/s, ${ratio.toFixed(3)} ` +
    `of hello, ${figure.cpuUs === null ? '-' : figure.cpuUs.toFixed(1)} us CPU an answer, ` +
    `${linesPerAnswer.toFixed(2)} log lines an answer`;
  return [
    `\nthe request log, GET /api/products (24, category, cached), medians of ${options.shipped.length} processes a side:`,
    describe('as shipped (LOG_LEVEL info)', shipped),
    describe('LOG_LEVEL=warn (no lines)', quiet),
    `  the line costs ${cost} of server CPU an answer (the median of the processes' differences, taken in turn)`,
  ];
}
