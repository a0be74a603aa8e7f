import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ensureDebianPackage } from '../scripts/cluster.js';

/**
 * The throughput loads' generator: wrk (Debian's package, installed when missing as the cluster's haproxy is), one
 * thread, a fixed number of connections. It answers a request in a few microseconds of C, where autocannon, on
 * the same two cores as the server, took as long as the server itself and so set hello's pace (decision 046).
 */
export interface WrkFigure {
  requests: number;
  /** How long the load lasted, as wrk reports it. */
  seconds: number;
  p99Ms: number;
  /** Answers whose status was not 2xx or 3xx, and socket errors. */
  failures: number;
}

let binary: string | undefined;

/** wrk's path, installing Debian's package the first time when it is missing. */
export function wrkBinary(): string {
  return (binary ??= ensureDebianPackage('wrk'));
}

const TIME_UNITS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** A duration as wrk prints it (`812.00us`, `4.37ms`, `1.02s`), in milliseconds. */
function milliseconds(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`wrk printed a duration it should not: ${text}`);
  return Number(match[1]) * TIME_UNITS[match[2]!]!;
}

/** Reads wrk's report (`--latency`): its requests, seconds, p99 and failures. */
export function parseWrk(report: string): WrkFigure {
  const total = /(\d+) requests in ([\d.]+\w+),/.exec(report);
  const p99 = /^\s+99%\s+(\S+)$/m.exec(report);
  if (!total || !p99) throw new Error(`wrk's report could not be read:\n${report}`);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(report)?.[1] ?? 0);
  const sockets = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(report);
  const socketErrors = sockets ? sockets.slice(1).reduce((sum, count) => sum + Number(count), 0) : 0;
  return {
    requests: Number(total[1]),
    seconds: milliseconds(total[2]!) / 1000,
    p99Ms: milliseconds(p99[1]!),
    failures: non2xx + socketErrors,
  };
}

/** Loads `url` with `connections` for whole `seconds` (wrk counts no fraction). */
export async function wrk(
  url: string,
  options: { connections: number; seconds: number; headers: Record<string, string> },
): Promise<WrkFigure> {
  const headers = Object.entries(options.headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
  const { stdout } = await promisify(execFile)(wrkBinary(), [
    '-t1',
    `-c${options.connections}`,
    `-d${options.seconds}s`,
    '--latency',
    ...headers,
    url,
  ]);
  return parseWrk(stdout);
}
