import { performance } from 'node:perf_hooks';
import { compressBody, type ContentCoding } from '../server/plugins/compression.js';

export interface CompressionCost {
  bytes: number;
  coding: ContentCoding;
  /** Microseconds of CPU (one thread) per answer. */
  microseconds: number;
  saved: number;
}

/**
 * What compressing a JSON answer costs and saves at each size, with the server's own settings (issue 19 point 1):
 * the figures behind COMPRESSION_THRESHOLD_BYTES. `json` is a real answer (the product list), cut to each size.
 */
export function compressionCosts(
  json: string,
  sizes = [256, 512, 1024, 2048, 8192, 32768],
): CompressionCost[] {
  const costs: CompressionCost[] = [];
  for (const bytes of sizes) {
    const body = Buffer.from(json).subarray(0, bytes);
    for (const coding of ['br', 'gzip'] as const) {
      for (let warm = 0; warm < 100; warm++) compressBody(coding, body);
      const rounds = 1_000;
      let out = 0;
      const started = performance.now();
      for (let round = 0; round < rounds; round++) out = compressBody(coding, body).length;
      const microseconds = ((performance.now() - started) * 1000) / rounds;
      costs.push({ bytes: body.length, coding, microseconds, saved: body.length - out });
    }
  }
  return costs;
}
