import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEventData } from '@contract/events';
import { produceReport, ReportTimeout } from '@/features/reports/api/produce-report';
import { mockFetch } from '@/test/fetch-mock';

// The stream as the report's wait sees it: whether it is up, and the handlers it was given.
const stream = vi.hoisted(() => ({
  up: false,
  handlers: new Set<{ 'job.progress'?: (data: unknown) => void; reset?: () => void }>(),
}));
vi.mock('@/lib/live-events', () => ({
  isStreamUp: () => stream.up,
  onLiveEvents: (handlers: { 'job.progress'?: (data: unknown) => void; reset?: () => void }) => {
    stream.handlers.add(handlers);
    return () => stream.handlers.delete(handlers);
  },
}));
const progress = (data: LiveEventData<'job.progress'>) => {
  for (const handlers of [...stream.handlers]) handlers['job.progress']?.(data);
};

const report = { id: 'r1', subjectNumber: 'CASE-7', status: 'pending' };

/** The API: the report's POST, then `pending` 202s before the PDF. */
function api(pending: number) {
  let looks = 0;
  const fetchMock = mockFetch(({ method }) => {
    if (method === 'POST') return { status: 202, json: report };
    looks += 1;
    if (looks <= pending) return { status: 202, json: report };
    return {
      status: 200,
      text: '%PDF-1.7',
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': 'attachment; filename="CASE-7.pdf"',
      },
    };
  });
  return { fetchMock, looks: () => looks };
}

afterEach(() => {
  stream.up = false;
  stream.handlers.clear();
});

describe('produceReport', () => {
  it("with the stream up, looks again when the report's job moves on, not on a timer", async () => {
    stream.up = true;
    const { looks } = api(1);
    const produced = produceReport('/api/cases/c1', 'client', { intervalMs: 1 });
    await vi.waitFor(() => expect(stream.handlers.size).toBe(1));
    await vi.waitFor(() => expect(looks()).toBe(1));
    // Another report's progress, or another kind of job, changes nothing.
    progress({ kind: 'report', id: 'r2', status: 'completed' });
    progress({ kind: 'bulk', id: 'r1', status: 'completed' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(looks()).toBe(1);
    progress({ kind: 'report', id: 'r1', status: 'completed' });
    await expect(produced).resolves.toMatchObject({ filename: 'CASE-7.pdf' });
    expect(looks()).toBe(2);
    expect(stream.handlers.size).toBe(0);
  });

  it('with the stream down, looks every interval', async () => {
    const { looks } = api(3);
    await expect(produceReport('/api/cases/c1', 'client', { intervalMs: 5 })).resolves.toMatchObject({
      filename: 'CASE-7.pdf',
    });
    expect(looks()).toBe(4);
    expect(stream.handlers.size).toBe(0);
  });

  it('gives up with a ReportTimeout once the wait passes its limit, and stops listening', async () => {
    const { looks } = api(Infinity);
    await expect(
      produceReport('/api/cases/c1', 'client', { timeoutMs: 20, intervalMs: 5 }),
    ).rejects.toBeInstanceOf(ReportTimeout);
    expect(looks()).toBeGreaterThan(1);
    expect(stream.handlers.size).toBe(0);
  });
});
