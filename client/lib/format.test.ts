import { describe, expect, it } from 'vitest';
import {
  formatMoney,
  formatMoneyWithCode,
  formatCount,
  formatDate,
  formatINR,
  formatPercent,
  formatRelativeTime,
  formatUSD,
  toAmount,
} from '@/lib/format';

describe('formatINR', () => {
  it('uses the rupee sign and Indian digit grouping', () => {
    expect(formatINR(1234567.5)).toBe('₹12,34,567.5');
    expect(formatINR(10000000)).toBe('₹1,00,00,000');
    expect(formatINR(999)).toBe('₹999');
  });

  it('reads decimal strings as the API sends them', () => {
    expect(formatINR('45000.00')).toBe('₹45,000');
    expect(formatINR(' 1234.56 ')).toBe('₹1,234.56');
  });

  it('does not round totals to whole rupees', () => {
    expect(formatINR(2 * 1499.75)).toBe('₹2,999.5');
    expect(formatINR(0.1 + 0.2)).toBe('₹0.3');
  });

  it('truncates (does not round) with wholeNumber, as the cart unit price does', () => {
    expect(formatINR(1234567.99, { wholeNumber: true })).toBe('₹12,34,567');
    expect(formatINR('2499.95', { wholeNumber: true })).toBe('₹2,499');
    expect(formatINR(-0.5, { wholeNumber: true })).toBe('₹0');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatINR('abc')).toBe('—');
    expect(formatINR('')).toBe('—');
    expect(formatINR(Number.NaN)).toBe('—');
  });
});

describe('formatUSD', () => {
  it('shows dollars with cents and US grouping', () => {
    expect(formatUSD(45678.9)).toBe('$45,678.90');
    expect(formatUSD('99.00')).toBe('$99.00');
  });

  it('truncates cents with wholeNumber', () => {
    expect(formatUSD(7999.99, { wholeNumber: true })).toBe('$7,999');
  });

  it('shows a dash for a value that is not a number', () => {
    expect(formatUSD('n/a')).toBe('—');
  });
});

describe('toAmount and formatDate', () => {
  it('parses numbers and decimal strings', () => {
    expect(toAmount('12.50')).toBe(12.5);
    expect(toAmount(3)).toBe(3);
    expect(toAmount('  ')).toBeNaN();
  });

  it('formats ISO dates and rejects garbage', () => {
    expect(formatDate('2026-01-15T10:00:00.000Z')).toBe('Jan 15, 2026');
    expect(formatDate('not a date')).toBe('—');
  });
});

describe('formatCount and formatPercent', () => {
  it('groups digits and keeps at most one decimal of a percentage', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatPercent(42.35)).toBe('42.4%');
    expect(formatPercent(0)).toBe('0%');
    expect(formatCount(Number.NaN)).toBe('—');
  });
});

describe('formatRelativeTime', () => {
  const now = Date.parse('2026-03-10T12:00:00.000Z');

  it('says how long ago, in words', () => {
    expect(formatRelativeTime('2026-03-10T11:59:30.000Z', now)).toBe('just now');
    expect(formatRelativeTime('2026-03-10T11:59:10.000Z', now)).toBe('1 minute ago');
    expect(formatRelativeTime('2026-03-10T11:55:00.000Z', now)).toBe('5 minutes ago');
    expect(formatRelativeTime('2026-03-10T09:00:00.000Z', now)).toBe('3 hours ago');
    expect(formatRelativeTime('2026-03-09T12:00:00.000Z', now)).toBe('yesterday');
    expect(formatRelativeTime('2026-02-10T12:00:00.000Z', now)).toBe('4 weeks ago');
    expect(formatRelativeTime('2026-01-09T12:00:00.000Z', now)).toBe('2 months ago');
  });

  it('reads future moments too, and rejects garbage', () => {
    expect(formatRelativeTime('2026-03-13T12:00:00.000Z', now)).toBe('in 3 days');
    expect(formatRelativeTime('soon', now)).toBe('—');
  });
});

describe('formatMoney', () => {
  it('formats an amount in its own currency', () => {
    expect(formatMoney('1234.5', 'INR')).toBe('₹1,234.5');
    expect(formatMoney('99.00', 'usd')).toBe('$99.00');
    expect(formatMoney('10', 'EUR')).toBe('€10.00');
    expect(formatMoney('12.5', 'ZZZZ')).toBe('12.50 ZZZZ');
    expect(formatMoney('abc', 'EUR')).toBe('—');
  });
});

describe('formatMoneyWithCode', () => {
  it('puts the currency code after the amount, once', () => {
    expect(formatMoneyWithCode('799.00', 'USD')).toBe('$799.00 USD');
    expect(formatMoneyWithCode('390993.00', 'INR')).toBe('₹3,90,993 INR');
    expect(formatMoneyWithCode('12.5', 'EUR')).toBe('€12.50 EUR');
    expect(formatMoneyWithCode('abc', 'USD')).toBe('—');
  });
});
