import type { FastifyBaseLogger } from 'fastify';
import { prettyFactory } from 'pino-pretty';
import pino, {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type Level,
  type LogFn,
  type Logger,
} from 'pino';

/**
 * The server's logger (issue 23 point 2). JSON lines, one object per line, in production and whenever stdout is
 * not a terminal (a process manager, a container, a file): what log collectors read, with every field.
 * On a terminal outside production, readable lines instead:
 *
 *   14:02:11 INFO  GET /api/products 200 4 ms
 *   14:02:12 ERROR unhandled error
 *       err: { type: "Error", message: "...", stack: ... }
 *
 * Fastify logs two lines per request ("incoming request" with the method and URL, "request completed" with the
 * status and time, joined by `reqId`); the readable form prints them as one line once the answer is sent, and
 * leaves out the built client's static files (/assets/..., the icon) unless they fail.
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
  const settings = { level: options.level, redact: REDACT };
  if (format === 'json') {
    const logger = options.destination
      ? pino(settings, options.destination as DestinationStream)
      : pino(settings);
    return { logger, format };
  }
  const out = options.destination ?? process.stdout;
  return { logger: pino(settings, new PrettyDestination(out, out.isTTY === true)), format };
}

interface LogRecord {
  level: number;
  time: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
  [key: string]: unknown;
}

/** pino's level values; `silent` is above every level. */
const LEVEL_VALUES: Readonly<Record<string, number>> = { ...pino.levels.values, silent: Infinity };

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

/** Requests seen but not answered yet, at most this many (a request that never completes is forgotten). */
const PENDING_LIMIT = 1000;
const LEVEL = { info: 30, warn: 40, error: 50 } as const;
const STATIC_FILE = /^\/(assets\/|favicon\.svg|robots\.txt)/;

/** Turns pino's JSON lines into readable ones, and each request's two lines into one. */
export class PrettyDestination {
  private readonly prettify: (record: LogRecord) => string;
  private readonly pending = new Map<string, { method: string; url: string }>();

  constructor(
    private readonly out: { write(text: string): unknown },
    colorize: boolean,
  ) {
    this.prettify = prettyFactory({
      colorize,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname,reqId,req,res,responseTime',
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
    if (record.msg === 'incoming request' && record.reqId && record.req) {
      if (this.pending.size >= PENDING_LIMIT) this.pending.delete(this.pending.keys().next().value!);
      this.pending.set(record.reqId, { method: record.req.method ?? '?', url: record.req.url ?? '?' });
      return null;
    }
    if (record.msg === 'request completed' && record.reqId) {
      const request = this.pending.get(record.reqId);
      this.pending.delete(record.reqId);
      const status = record.res?.statusCode ?? 0;
      // The built client's files (hashed, cached for a year) load by the dozen on a first visit: a person reading
      // the terminal wants the pages and the API calls. Failures still show; the JSON lines keep every request.
      if (status < 400 && request && STATIC_FILE.test(request.url)) return null;
      const time = record.responseTime === undefined ? '' : ` ${formatDuration(record.responseTime)}`;
      return this.prettify({
        level: status >= 500 ? LEVEL.error : record.level,
        time: record.time,
        msg: `${request ? `${request.method} ${request.url}` : 'request'} ${status}${time}`,
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
