import { open, stat } from 'node:fs/promises';
import {
  BROWSER,
  measure,
  PRODUCT_LIST,
  type Measured,
  type Served,
  type ThroughputOptions,
} from './throughput.js';

/**
 * What the request log costs (issue 33 point 4): the cached product list, the cheapest answer and so the one where a
 * log line weighs most, served by the app as it ships (`LOG_LEVEL` info, one JSON line per request to a file, as a
 * process manager would keep it) and by processes of the same build with the log at `warn` (no request lines),
 * loaded in turn in the same minute; both sides fresh processes that served nothing else. The difference in server CPU per answer is the line's cost; the lines counted in
 * the log files over the answers served say the log was on (one each) and off (none).
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

/** Loads `servers` on the route and counts the lines their logs gained per answer. */
async function measureLogged(servers: LoggedServer[], load: ThroughputOptions['load']) {
  const before = await Promise.all(servers.map(async (server) => (await stat(server.log)).size));
  const figure = await measure(servers, PRODUCT_LIST, BROWSER, load);
  // The asynchronous destination writes what it holds within milliseconds.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const gained = await Promise.all(servers.map((server, i) => linesSince(server.log, before[i]!)));
  const lines = gained.reduce((sum, { lines }) => sum + lines, 0);
  return { figure, linesPerAnswer: figure.answers === 0 ? NaN : lines / figure.answers };
}

export async function requestLogCost(options: {
  shipped: LoggedServer[];
  quiet: LoggedServer[];
  hello: Measured;
  load: ThroughputOptions['load'];
}): Promise<string[]> {
  const shipped = await measureLogged(options.shipped, options.load);
  const quiet = await measureLogged(options.quiet, options.load);
  const cost =
    shipped.figure.cpuUs === null || quiet.figure.cpuUs === null
      ? 'not read'
      : `${(shipped.figure.cpuUs - quiet.figure.cpuUs).toFixed(1)} us`;
  const describe = (name: string, { figure, linesPerAnswer }: typeof shipped) =>
    `  ${name.padEnd(28)} ${figure.rps.toFixed(0).padStart(7)} req/s, ${(figure.rps / options.hello.rps).toFixed(3)} ` +
    `of hello, ${figure.cpuUs === null ? '-' : figure.cpuUs.toFixed(1)} us CPU an answer, ` +
    `${linesPerAnswer.toFixed(2)} log lines an answer`;
  return [
    `\nthe request log, GET /api/products (24, category, cached), medians of ${options.shipped.length} processes a side:`,
    describe('as shipped (LOG_LEVEL info)', shipped),
    describe('LOG_LEVEL=warn (no lines)', quiet),
    `  the line costs ${cost} of server CPU an answer`,
  ];
}
