import { describe, expect, it } from 'vitest';
import { addCalendarMonths } from './calendar.js';

const at = (iso: string) => new Date(iso);

describe('addCalendarMonths', () => {
  it.each([
    // from, months, expected
    ['2027-01-15T09:30:00.000Z', 1, '2027-02-15T09:30:00.000Z'],
    // A day the next month lacks: that month's last day, 28 in a common year and 29 in a leap year.
    ['2027-01-31T09:30:00.000Z', 1, '2027-02-28T09:30:00.000Z'],
    ['2028-01-31T09:30:00.000Z', 1, '2028-02-29T09:30:00.000Z'],
    ['2028-01-30T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
    ['2028-01-29T00:00:00.000Z', 1, '2028-02-29T00:00:00.000Z'],
    ['2028-03-31T23:59:59.999Z', 1, '2028-04-30T23:59:59.999Z'],
    ['2028-08-31T12:00:00.000Z', 1, '2028-09-30T12:00:00.000Z'],
    ['2028-02-29T12:00:00.000Z', 1, '2028-03-29T12:00:00.000Z'],
    // December rolls over into January of the next year, month ends included.
    ['2027-12-31T18:00:00.000Z', 1, '2028-01-31T18:00:00.000Z'],
    ['2027-12-15T00:00:00.000Z', 2, '2028-02-15T00:00:00.000Z'],
    ['2027-11-30T00:00:00.000Z', 3, '2028-02-29T00:00:00.000Z'],
    // Years are twelve months: Feb 29 ends on Feb 28 of a common year, and stays Feb 29 four years on.
    ['2028-02-29T08:00:00.000Z', 12, '2029-02-28T08:00:00.000Z'],
    ['2028-02-29T08:00:00.000Z', 48, '2032-02-29T08:00:00.000Z'],
    ['2027-02-28T08:00:00.000Z', 12, '2028-02-28T08:00:00.000Z'],
    ['2027-03-01T00:00:00.000Z', 12, '2028-03-01T00:00:00.000Z'],
    // Backwards too, and zero.
    ['2028-03-31T00:00:00.000Z', -1, '2028-02-29T00:00:00.000Z'],
    ['2028-01-31T00:00:00.000Z', -2, '2027-11-30T00:00:00.000Z'],
    ['2028-05-31T00:00:00.000Z', 0, '2028-05-31T00:00:00.000Z'],
  ])('%s + %i months = %s', (from, months, expected) => {
    expect(addCalendarMonths(at(from), months).toISOString()).toBe(expected);
  });

  it('keeps the first date day when a series is counted from it (Jan 31, Feb 29, Mar 31, ...)', () => {
    const first = at('2028-01-31T10:00:00.000Z');
    const series = [0, 1, 2, 3, 4, 12, 13].map((n) => addCalendarMonths(first, n).toISOString().slice(0, 10));
    expect(series).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2029-01-31',
      '2029-02-28',
    ]);
  });

  it('does not move the time of day, whatever the local time zone', () => {
    const from = at('2028-03-25T01:30:00.000Z'); // the night Europe moves its clocks
    expect(addCalendarMonths(from, 1).toISOString()).toBe('2028-04-25T01:30:00.000Z');
  });

  it('does not change the date it is given, and refuses part of a month', () => {
    const from = at('2028-01-31T00:00:00.000Z');
    addCalendarMonths(from, 1);
    expect(from.toISOString()).toBe('2028-01-31T00:00:00.000Z');
    expect(() => addCalendarMonths(from, 0.5)).toThrow(RangeError);
  });
});
