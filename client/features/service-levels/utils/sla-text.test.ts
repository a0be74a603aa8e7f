import { describe, expect, it } from 'vitest';
import { toSla } from '@contract/service-levels';
import { formatSpan, readSla } from '@/features/service-levels/utils/sla-text';

const H = 3_600_000;
const opened = Date.parse('2026-11-24T08:00:00.000Z');
const sla = (times: { respondedAfterH?: number; resolvedAfterH?: number }, nowAfterH: number) =>
  toSla(
    {
      tier: 4,
      firstResponseDueAt: new Date(opened + 4 * H),
      resolutionDueAt: new Date(opened + 7 * 24 * H),
      firstRespondedAt:
        times.respondedAfterH === undefined ? null : new Date(opened + times.respondedAfterH * H),
      resolvedAt: times.resolvedAfterH === undefined ? null : new Date(opened + times.resolvedAfterH * H),
    },
    new Date(opened + nowAfterH * H),
  );
const read = (times: Parameters<typeof sla>[0], nowAfterH: number) =>
  readSla(sla(times, nowAfterH), opened + nowAfterH * H);

describe('readSla', () => {
  it('counts the first response down, then says how long ago it was breached', () => {
    expect(read({}, 1)).toEqual({ state: 'running', text: 'First response due in 3 h' });
    expect(read({}, 3.5)).toEqual({ state: 'running', text: 'First response due in 30 min' });
    expect(read({}, 6)).toEqual({ state: 'breached', text: 'First response breached 2 h ago' });
  });

  it('moves to the resolution clock once answered', () => {
    expect(read({ respondedAfterH: 2 }, 24)).toEqual({ state: 'running', text: 'Resolution due in 6 days' });
    expect(read({ respondedAfterH: 2 }, 9 * 24)).toEqual({
      state: 'breached',
      text: 'Resolution breached 2 days ago',
    });
    expect(read({ respondedAfterH: 5 }, 24).state).toBe('breached');
  });

  it('says whether it was resolved within target', () => {
    expect(read({ respondedAfterH: 1, resolvedAfterH: 48 }, 30 * 24)).toEqual({
      state: 'met',
      text: 'Resolved within target',
    });
    expect(read({ respondedAfterH: 1, resolvedAfterH: 10 * 24 }, 30 * 24)).toEqual({
      state: 'breached',
      text: 'Resolved 3 days late',
    });
  });

  it('rounds spans down to minutes, hours below two days, then days', () => {
    expect(formatSpan(10)).toBe('1 min');
    expect(formatSpan(47 * H)).toBe('47 h');
    expect(formatSpan(49 * H)).toBe('2 days');
  });
});
