import type { Logger } from 'pino';

/**
 * Stopping when asked (issue 23 point 3). SIGINT, SIGTERM or SIGHUP starts an orderly stop: new requests refused,
 * those under way finished, jobs stopped, then the database (the embedded PostgreSQL with a fast shutdown); the
 * process exits 0. Whatever is still running after `timeoutMs` is stopped at once (exit 1). A second signal stops
 * at once too: the embedded PostgreSQL gets an immediate shutdown and the process exits (128 + the signal's number).
 *
 * A terminal's Ctrl-C reaches every process of the foreground group, npm included, and npm forwards the SIGINT to
 * its script, so the server sees it twice within milliseconds: a repeat of the first signal within
 * `repeatWindowMs` is that one keypress, not a second request.
 */
export interface ShutdownOptions {
  logger: Logger;
  /** The orderly stop. */
  close(): Promise<void>;
  /** What cannot wait: stop the embedded database at once. Synchronous, the process exits right after. */
  abort(): void;
  timeoutMs: number;
  repeatWindowMs?: number;
  /** Ends the process (tests pass their own). */
  exit?: (code: number) => void;
}

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
type Signal = (typeof SIGNALS)[number];
const SIGNAL_NUMBER: Record<Signal, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };

export interface Shutdown {
  /** Starts the orderly stop as a signal would (or, called again, stops at once). */
  stop(reason: Signal | 'error'): void;
  /** Removes the signal handlers (tests). */
  uninstall(): void;
}

/**
 * Exits once the logger has written what it holds: its asynchronous destination may have a write under way, which
 * `process.exit` would cut off (the flush pino makes at exit writes only what waits behind it). At most a second.
 */
function flushThenExit(logger: Logger, code: number): void {
  const done = () => process.exit(code);
  setTimeout(done, 1000);
  logger.flush(done);
}

export function handleShutdown(options: ShutdownOptions): Shutdown {
  const { logger, timeoutMs } = options;
  const repeatWindowMs = options.repeatWindowMs ?? 500;
  const exit = options.exit ?? ((code: number) => flushThenExit(logger, code));
  let first: { reason: Signal | 'error'; at: number } | null = null;

  function stop(reason: Signal | 'error') {
    const now = Date.now();
    if (first) {
      if (reason === first.reason && now - first.at < repeatWindowMs) return;
      logger.warn(`${reason === 'error' ? 'another error' : `second ${reason}`}: stopping at once`);
      options.abort();
      exit(reason === 'error' ? 1 : 128 + SIGNAL_NUMBER[reason]);
      return;
    }
    first = { reason, at: now };
    if (reason !== 'error') {
      logger.info(
        `${reason}: stopping (${reason === 'SIGINT' ? 'Ctrl-C' : `kill -${reason.slice(3)}`} again stops at once)`,
      );
    }
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
    });
    Promise.race([options.close().then(() => 'closed' as const), timedOut])
      .then((outcome) => {
        clearTimeout(timer);
        if (outcome === 'timeout') {
          logger.error(`not stopped after ${timeoutMs / 1000} s: stopping at once`);
          options.abort();
          exit(1);
          return;
        }
        logger.info('stopped');
        exit(reason === 'error' ? 1 : 0);
      })
      .catch((error: unknown) => {
        clearTimeout(timer);
        logger.error({ err: error }, 'error while stopping: stopping at once');
        options.abort();
        exit(1);
      });
  }

  const handlers = SIGNALS.map((signal) => {
    const handler = () => stop(signal);
    process.on(signal, handler);
    return [signal, handler] as const;
  });
  const onError = (error: unknown) => {
    logger.fatal({ err: error }, 'unexpected error: stopping');
    stop('error');
  };
  process.on('uncaughtException', onError);
  process.on('unhandledRejection', onError);

  return {
    stop,
    uninstall() {
      for (const [signal, handler] of handlers) process.off(signal, handler);
      process.off('uncaughtException', onError);
      process.off('unhandledRejection', onError);
    },
  };
}
