/** Money arrives as decimal strings ("99.00") or numbers; anything unparseable becomes NaN. */
export function toAmount(value: string | number): number {
  if (typeof value === 'number') return value;
  const trimmed = value.trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

export interface MoneyFormatOptions {
  /** Cut the decimals off (no rounding), as the cart does for unit prices. */
  wholeNumber?: boolean;
}

/**
 * A formatter made on its first use. Building an Intl formatter loads its locale's data, which takes milliseconds
 * each (tens on a slow phone): made at import, the nine below held up the module's evaluation before the first
 * render of every page that imports this file, though a page uses one or two of them.
 */
function lazyFormat<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= make());
}

/** A currency's formatter, made on first use; `maxFraction` caps the minor units (none below it are padded). */
function currencyFormat(locale: string, currency: string, maxFraction?: number) {
  return lazyFormat(
    () =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency,
        ...(maxFraction === undefined
          ? {}
          : { minimumFractionDigits: 0, maximumFractionDigits: maxFraction }),
      }),
  );
}

const inrFormat = currencyFormat('en-IN', 'INR', 2);
const inrWholeFormat = currencyFormat('en-IN', 'INR', 0);
const usdFormat = currencyFormat('en-US', 'USD');
const usdWholeFormat = currencyFormat('en-US', 'USD', 0);

/** Shown instead of a price that could not be read, rather than a misleading ₹0. */
export const UNKNOWN_AMOUNT = '—';

/**
 * Rupees with the rupee sign and Indian digit grouping: 1234567.5 -> '₹12,34,567.5'. Paise are shown only
 * when present (at most 2 digits); `wholeNumber` truncates them instead.
 */
export function formatINR(value: string | number, { wholeNumber = false }: MoneyFormatOptions = {}): string {
  const amount = toAmount(value);
  if (!Number.isFinite(amount)) return UNKNOWN_AMOUNT;
  // `|| 0` turns a truncated -0.5 into 0 so it never prints as '-₹0'.
  return wholeNumber ? inrWholeFormat().format(Math.trunc(amount) || 0) : inrFormat().format(amount);
}

/** Dollars with cents: 45678.9 -> '$45,678.90'; `wholeNumber` truncates the cents: 99.99 -> '$99'. */
export function formatUSD(value: string | number, { wholeNumber = false }: MoneyFormatOptions = {}): string {
  const amount = toAmount(value);
  if (!Number.isFinite(amount)) return UNKNOWN_AMOUNT;
  return wholeNumber ? usdWholeFormat().format(Math.trunc(amount) || 0) : usdFormat().format(amount);
}

const dateFormat = lazyFormat(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }));

/** A date as 'Nov 22, 2026'; '—' when the value is not a date. */
export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? UNKNOWN_AMOUNT : dateFormat().format(date);
}

const dateTimeFormat = lazyFormat(
  () => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
);

/** A moment as 'Nov 22, 2026, 3:40 PM' (the browser's time zone); '—' when the value is not a date. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? UNKNOWN_AMOUNT : dateTimeFormat().format(date);
}

const countFormat = lazyFormat(() => new Intl.NumberFormat('en-US'));

/** A count with US grouping: 12345 -> '12,345'; '—' when it is not a number. */
export function formatCount(value: number): string {
  return Number.isFinite(value) ? countFormat().format(value) : UNKNOWN_AMOUNT;
}

const percentFormat = lazyFormat(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }));

/** A percentage given as 0-100: 42.35 -> '42.4%'. */
export function formatPercent(value: number): string {
  return Number.isFinite(value) ? `${percentFormat().format(value)}%` : UNKNOWN_AMOUNT;
}

const relativeFormat = lazyFormat(() => new Intl.RelativeTimeFormat('en', { numeric: 'auto' }));
const RELATIVE_UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/**
 * How long ago (or how far ahead) a moment is, in words: 'just now', '5 minutes ago', 'yesterday',
 * 'in 3 days'. '—' when the value is not a date.
 */
export function formatRelativeTime(value: string | number | Date, now: number = Date.now()): string {
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  if (Number.isNaN(time)) return UNKNOWN_AMOUNT;
  const seconds = Math.round((time - now) / 1000);
  if (Math.abs(seconds) < 45) return 'just now';
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat().format(Math.round(seconds / size), unit);
  }
  return relativeFormat().format(Math.round(seconds / 60), 'minute');
}

/**
 * An amount in its own currency: rupees and dollars as above, any other ISO code through the browser's
 * formatter; a code the browser does not know shows as the figure and the code ('12.50 XTS').
 */
export function formatMoney(value: string | number, currency: string): string {
  const code = currency.trim().toUpperCase();
  if (code === 'INR') return formatINR(value);
  if (code === 'USD') return formatUSD(value);
  const amount = toAmount(value);
  if (!Number.isFinite(amount)) return UNKNOWN_AMOUNT;
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${code}`;
  }
}

/**
 * An amount in its currency with the code after it, where the sign alone could be read as another currency's:
 * '$799.00 USD', '₹3,90,993 INR'.
 */
export function formatMoneyWithCode(value: string | number, currency: string): string {
  const formatted = formatMoney(value, currency);
  const code = currency.trim().toUpperCase();
  return formatted === UNKNOWN_AMOUNT || formatted.includes(code) ? formatted : `${formatted} ${code}`;
}
