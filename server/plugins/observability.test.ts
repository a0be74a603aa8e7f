import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RequestDurations } from './observability.js';

describe('request durations', () => {
  it("write out exactly what prom-client's own histogram writes for the same observations", async () => {
    const ours = new RequestDurations();
    const mine = new Registry();
    mine.registerMetric(ours as unknown as Histogram);
    const theirs = new Registry();
    const reference = new Histogram({
      name: ours.name,
      help: ours.help,
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [theirs],
    });
    // Each bound exactly, between bounds, below the first and above the last, in three series.
    const seconds = [0, 0.0005, 0.001, 0.0011, 0.025, 0.3, 1, 2.5, 9.99, 10, 12, 0.004];
    const series = [
      ['/healthz', 'GET', 200],
      ['/api/cart', 'POST', 201],
      ['/api/cart', 'POST', 409],
    ] as const;
    seconds.forEach((value, i) => {
      const [route, method, status] = series[i % series.length]!;
      ours.observe(route, method, status, value);
      reference.labels(method, route, String(status)).observe(value);
    });
    const lines = (text: string) => text.trim().split('\n').sort();
    expect(lines(await mine.metrics())).toEqual(lines(await theirs.metrics()));

    ours.reset();
    expect(await mine.metrics()).toBe(`# HELP ${ours.name} ${ours.help}\n# TYPE ${ours.name} histogram\n`);
  });
});
