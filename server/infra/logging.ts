import { hostname } from 'node:os';
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Level,
  type LogFn,
  type Logger,
} from 'pino';
import { tracing } from './tracing.js';

/**
 * The server's logger (issue 23 point 2, issue 33 point 4). JSON lines, one object per line, in production and
 * whenever stdout is not a terminal (a process manager, a container, a file): what log collectors read, with every
 * field. On a terminal outside production, readable lines instead:
 *
 *   14:02:11 INFO  GET /api/products 200 4 ms
 *   14:02:12 ERROR unhandled error
 *       err: { type: "Error", message: "...", stack: ... }
 *
 * Each answered request writes one line (`RequestLines`, Fastify's log controller, in place of Fastify's two):
 * method, route pattern, path, status, duration, request id and the signed-in user's id.
 * The JSON lines go through pino's asynchronous destination in batches (`bufferedStdout`): a request never waits
 * for stdout, and what is buffered is written synchronously when the process exits (pino flushes its destinations
 * on `exit`, which the orderly stop and the crash handler both end with). The
 * readable form leaves out the built client's static files (/assets/..., the icon) unless they fail.
 */
export type LogFormat = 'pretty' | 'json';

export interface LoggerOptions {
  level: string;
  /** `auto`: pretty on a terminal outside production, JSON otherwise. */
  format: 'auto' | LogFormat;
  nodeEnv: string;
  /** Where lines go (default stdout); tests pass their own. */
  destination?: { write(text: string): unknown; isTTY?: boolean };
}

const traceFields = (traceId: string | undefined) => (traceId ? { traceId } : {});

const REDACT = ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'];

export function resolveLogFormat(
  options: Pick<LoggerOptions, 'format' | 'nodeEnv' | 'destination'>,
): LogFormat {
  if (options.format !== 'auto') return options.format;
  const isTTY = (options.destination ?? process.stdout).isTTY === true;
  return isTTY && options.nodeEnv !== 'production' ? 'pretty' : 'json';
}

export function createLogger(options: LoggerOptions): { logger: Logger; format: LogFormat } {
  const format = resolveLogFormat(options);
  // With tracing on, every line written inside a trace carries its `traceId` (none is looked up otherwise).
  const trace = tracing();
  // pino's own default, spelled out: the request lines' writer repeats it.
  const base = { pid: process.pid, hostname: hostname() };
  const settings = {
    level: options.level,
    base,
    redact: REDACT,
    ...(trace.enabled ? { mixin: () => traceFields(trace.traceId()) } : {}),
  };
  const out = options.destination ?? process.stdout;
  const destination =
    format === 'json'
      ? (options.destination ?? bufferedStdout())
      : new PrettyDestination(out, out.isTTY === true);
  const logger = pino(settings, destination as DestinationStream);
  requestLineWriters.set(logger, requestLineWriter(logger, destination, base, trace));
  return { logger, format };
}

/** The one line an answered request writes (`msg` is REQUEST_MESSAGE). */
export interface RequestLine {
  reqId: string;
  method: string;
  /** The route's pattern (`/api/products/:id`), or `unmatched` for what no route claimed. */
  route: string;
  /** The URL without its query string, which may carry search terms or tokens. */
  path: string;
  status: number;
  /** From the request's arrival to the answer sent, to a tenth of a millisecond. */
  ms: number;
  /** The signed-in user, when the route read a session or a key. */
  userId?: string;
}

const REQUEST_MESSAGE = 'request';
const INFO_LEVEL = pino.levels.values.info!;

const requestLineWriters = new WeakMap<object, (line: RequestLine) => void>();

/** The request-line writer of a logger `createLogger` made; none for any other (`RequestLines` then uses `info`). */
export function requestLineWriterOf(logger: object): ((line: RequestLine) => void) | undefined {
  return requestLineWriters.get(logger);
}

/**
 * Writes a request line as pino would, byte for byte (a test compares them): its level, time, base bindings, mixin
 * and message around the line's fields. pino assembles a line key by key and string by string, and the cheapest
 * answers write one each; one `JSON.stringify` of an object laid out as pino's line cost about half as much
 * (decision 042), and this, the line's text put together from parts made once, less again: the parts that never
 * change are serialised at start, a route's pattern once, the time once a millisecond (the number's digits were a
 * sixth of the line's cost), and only the strings a request brings are escaped (its id, path and user). A method is
 * one of the parser's tokens and needs no escaping. Only for the info line of an answered request, when the logger
 * writes at info; everything else goes through pino.
 */
function requestLineWriter(
  logger: Logger,
  destination: { write(text: string): unknown },
  { pid, hostname }: { pid: number; hostname: string },
  trace: ReturnType<typeof tracing>,
): (line: RequestLine) => void {
  const opening = `{"level":${INFO_LEVEL},"time":`;
  const base = `,"pid":${pid},"hostname":${JSON.stringify(hostname)}`;
  const closing = `,"msg":${JSON.stringify(REQUEST_MESSAGE)}}\n`;
  const routes = new Map<string, string>();
  let time = 0;
  let timeText = '0';
  return (line) => {
    if (logger.levelVal > INFO_LEVEL) return;
    if (destination instanceof BatchedDestination) destination.lastLevel = INFO_LEVEL;
    const now = Date.now();
    if (now !== time) {
      time = now;
      timeText = String(now);
    }
    let route = routes.get(line.route);
    if (route === undefined) {
      route = JSON.stringify(line.route);
      // Patterns are the app's routes, a bounded set; anything else is escaped each time.
      if (routes.size < MAX_ROUTE_PATTERNS) routes.set(line.route, route);
    }
    // Left out when undefined, as pino leaves out undefined fields.
    const traceId = trace.enabled ? trace.traceId() : undefined;
    destination.write(
      opening +
        timeText +
        base +
        (traceId === undefined ? '' : `,"traceId":${JSON.stringify(traceId)}`) +
        `,"reqId":${JSON.stringify(line.reqId)},"method":"${line.method}","route":${route}` +
        `,"path":${JSON.stringify(line.path)},"status":${line.status},"ms":${line.ms}` +
        (line.userId === undefined ? '' : `,"userId":${JSON.stringify(line.userId)}`) +
        closing,
    );
  };
}

/** Route patterns whose JSON a request-line writer keeps: more than the app has. */
const MAX_ROUTE_PATTERNS = 1024;

/**
 * Request lines are held here and handed to pino's asynchronous destination (sonic-boom) as one string of about
 * LOG_BATCH_BYTES (some eighty lines), and at the latest LOG_FLUSH_MS after the first line held. Measured with
 * --cpu-prof under load on a cached list (decision 034): a `fs.write` a line cost the server about a fifth of the
 * read's CPU in its main thread, and sonic-boom's own batching (`minLength`) still a tenth, since each of its writes
 * measures, and so flattens, the string it is growing; a line here costs an array push. Warnings and errors are not
 * held: they go out at once, with what waited before them (the start-up's setup link too, which an operator or a
 * script reads as the server becomes ready). What is held is written synchronously when the process exits, after a
 * crash too.
 */
const LOG_BATCH_BYTES = 16_384;
const LOG_FLUSH_MS = 250;
const WARN_LEVEL = pino.levels.values.warn!;

export class BatchedDestination {
  private lines: string[] = [];
  private bytes = 0;
  /** Set while lines are held: an idle process has no timer to wake it. */
  private timer: NodeJS.Timeout | null = null;
  /** Asks pino for each line's level (`lastLevel`, set before `write`), as its multistream does. */
  readonly [pino.symbols.needsMetadataGsym] = true;
  lastLevel = 0;

  constructor(private readonly stream: ReturnType<typeof pino.destination>) {}

  write(line: string): boolean {
    this.lines.push(line);
    this.bytes += line.length;
    if (this.bytes >= LOG_BATCH_BYTES || this.lastLevel >= WARN_LEVEL) this.handOver();
    else this.timer ??= setTimeout(() => this.handOver(), LOG_FLUSH_MS).unref();
    return true;
  }

  /** pino's `logger.flush`: what is held goes to the destination. */
  flush(callback?: (error?: Error) => void): void {
    this.handOver();
    this.stream.flush(callback);
  }

  /** At exit: what is held, and what the destination has not written yet, written before the process ends. */
  flushSync(): void {
    this.handOver();
    this.stream.flushSync();
  }

  private handOver(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.lines.length === 0) return;
    this.stream.write(this.lines.join(''));
    this.lines = [];
    this.bytes = 0;
  }
}

function bufferedStdout(): BatchedDestination {
  const batched = new BatchedDestination(pino.destination({ dest: 1, sync: false }));
  process.on('exit', () => batched.flushSync());
  return batched;
}

interface LogRecord extends Partial<RequestLine> {
  level: number;
  time: number;
  msg?: string;
  [key: string]: unknown;
}

/** pino's level values; `silent` is above every level. */
const LEVEL_VALUES: Readonly<Record<string, number>> = { ...pino.levels.values, silent: Infinity };

/**
 * Fastify's request lines, one per answered request instead of its "incoming request" and "request completed"
 * (issue 33 point 4): written by the app's logger with the request id among the fields, so no per-request child
 * logger is made, and only where the request's logger writes at info (the probes' routes log at `warn`, so a load
 * balancer's polling writes nothing). `userOf` names the signed-in user (the session plugin's, which this file does
 * not know).
 */
export class RequestLines extends LogController {
  private readonly writeLine: (line: RequestLine) => void;

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly userOf: (request: FastifyRequest) => string | undefined,
  ) {
    super();
    this.writeLine = requestLineWriterOf(logger) ?? ((line) => logger.info(line, REQUEST_MESSAGE));
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if ((LEVEL_VALUES[request.log.level] ?? Infinity) > INFO_LEVEL) return;
    const { url } = request;
    const query = url.indexOf('?');
    const line: RequestLine = {
      reqId: request.id,
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED,
      path: query === -1 ? url : url.slice(0, query),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
      userId: this.userOf(request),
    };
    if (error) this.logger.error({ ...line, err: error }, REQUEST_MESSAGE);
    else this.writeLine(line);
  }
}

/** Fastify's logging options for the app's `logger`: request loggers made on demand and one line per request. */
export function fastifyLogging(
  logger: FastifyBaseLogger,
  userOf: (request: FastifyRequest) => string | undefined = () => undefined,
) {
  return {
    loggerInstance: logger,
    childLoggerFactory: requestLogger,
    logController: new RequestLines(logger, userOf),
  };
}

/**
 * The route of a request no route claimed (the client's pages, 404s): in its request line, and as the `route` label
 * of its metrics (one series, not one per URL).
 */
export const UNMATCHED = 'unmatched';

/**
 * A request's logger (Fastify's `request.log`), whose pino child, bound to the request id, is made the first time
 * the request logs at a level that is on. Fastify makes a child for every request, and most log nothing above the
 * level: `child()` serialises the bindings, and a route's own `logLevel` (the probes') rebuilds every log method of
 * the child too (about 0.4 us an answer, 0.8 us on the probes; decision 027).
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;
  /** The lowest level value this logger writes. */
  private threshold: number;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {
    this.threshold = LEVEL_VALUES[options.level ?? parent.level] ?? 0;
  }

  private logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.made?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger().level = level;
    this.threshold = LEVEL_VALUES[level] ?? 0;
  }

  /** Writes through the child when `level` is on, making the child the first time. */
  private write(level: Level, args: unknown[]): void {
    if (this.threshold <= LEVEL_VALUES[level]!) this.logger()[level](...(args as Parameters<LogFn>));
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.logger().child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: request loggers that cost nothing until they write. */
export function requestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(logger, bindings, options);
}

const LEVEL = { info: 30, warn: 40, error: 50 } as const;
const STATIC_FILE = /^\/(assets\/|favicon\.svg|robots\.txt)/;

/** Turns pino's JSON lines into readable ones. */
export class PrettyDestination {
  private readonly prettify: (record: LogRecord) => string;

  constructor(
    private readonly out: { write(text: string): unknown },
    colorize: boolean,
  ) {
    this.prettify = prettyFactory({
      colorize,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId',
      singleLine: false,
    });
  }

  write(line: string): void {
    let record: LogRecord;
    try {
      record = JSON.parse(line) as LogRecord;
    } catch {
      this.out.write(line);
      return;
    }
    const output = this.format(record);
    if (output) this.out.write(output);
  }

  private format(record: LogRecord): string | null {
    if (record.msg === REQUEST_MESSAGE && record.path !== undefined) {
      const status = record.status ?? 0;
      // The built client's files (hashed, cached for a year) load by the dozen on a first visit: a person reading
      // the terminal wants the pages and the API calls. Failures still show; the JSON lines keep every request.
      if (status < 400 && STATIC_FILE.test(record.path)) return null;
      const time = record.ms === undefined ? '' : ` ${formatDuration(record.ms)}`;
      return this.prettify({
        level: status >= 500 ? LEVEL.error : record.level,
        time: record.time,
        msg: `${record.method ?? '?'} ${record.path} ${status}${time}`,
      });
    }
    // The start-up banner says it, with more.
    if (record.msg?.startsWith('Server listening at')) return null;
    return this.prettify(record);
  }
}

function formatDuration(ms: number): string {
  return ms < 10 ? `${ms.toFixed(1)} ms` : `${Math.round(ms)} ms`;
}
