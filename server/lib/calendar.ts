/**
 * `date` plus `months` calendar months, in UTC and at the same time of day. A day the target month lacks becomes
 * that month's last day (Jan 31 + 1 -> Feb 28, or Feb 29 in a leap year), where `Date#setUTCMonth` alone would run
 * over into the month after (Mar 2 or 3). Years are twelve months: Feb 29 + 12 -> Feb 28.
 *
 * The day is clamped for this one sum only, so a series of dates that must keep its day (Jan 31, Feb 29, Mar 31)
 * is counted from its first date, `addCalendarMonths(first, n)`, never by adding one month to the last.
 */
export function addCalendarMonths(date: Date, months: number): Date {
  if (!Number.isInteger(months)) throw new RangeError(`not a whole number of months: ${months}`);
  // setUTCFullYear rather than Date.UTC, which reads years 0-99 as 1900-1999; it carries months past 11 into years.
  // Day 1 first, so that moving the month cannot run over into the next.
  const result = new Date(date);
  result.setUTCFullYear(date.getUTCFullYear(), date.getUTCMonth() + months, 1);
  // Day 0 of the month after is the target month's last day.
  const lastDay = new Date(0);
  lastDay.setUTCFullYear(result.getUTCFullYear(), result.getUTCMonth() + 1, 0);
  result.setUTCDate(Math.min(date.getUTCDate(), lastDay.getUTCDate()));
  return result;
}
