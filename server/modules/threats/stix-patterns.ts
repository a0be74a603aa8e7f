import { isIPv4, isIPv6 } from 'node:net';

/* Indicator values <-> STIX patterns. */

export type IndicatorKind =
  'ipv4-addr' | 'ipv6-addr' | 'url' | 'email-addr' | 'md5' | 'sha1' | 'sha256' | 'domain-name' | 'other';

const HEX = /^[0-9a-f]+$/i;
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\/\/[^\s]+$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN =
  /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)+(?:[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?)$/i;

function withPrefix(value: string, test: (address: string) => boolean, maxPrefix: number): boolean {
  const [address, prefix, ...rest] = value.split('/');
  if (rest.length || !address || !test(address)) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= maxPrefix);
}

export function indicatorKind(value: string): IndicatorKind {
  if (withPrefix(value, isIPv4, 32)) return 'ipv4-addr';
  if (withPrefix(value, isIPv6, 128)) return 'ipv6-addr';
  if (HEX.test(value)) {
    if (value.length === 32) return 'md5';
    if (value.length === 40) return 'sha1';
    if (value.length === 64) return 'sha256';
  }
  if (URL_LIKE.test(value)) return 'url';
  if (EMAIL.test(value)) return 'email-addr';
  if (DOMAIN.test(value)) return 'domain-name';
  return 'other';
}

const PATTERN_PATH: Record<IndicatorKind, string> = {
  'ipv4-addr': 'ipv4-addr:value',
  'ipv6-addr': 'ipv6-addr:value',
  url: 'url:value',
  'email-addr': 'email-addr:value',
  md5: "file:hashes.'MD5'",
  sha1: "file:hashes.'SHA-1'",
  sha256: "file:hashes.'SHA-256'",
  'domain-name': 'domain-name:value',
  other: 'x-intel-indicator:value',
};

/** STIX patterning string literal: quotes and backslashes are escaped with a backslash. */
function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function indicatorPattern(value: string): string {
  return `[${PATTERN_PATH[indicatorKind(value)]} = ${quote(value)}]`;
}

const SIMPLE_COMPARISON = /^\[\s*([a-z0-9][a-z0-9-]*):([a-z0-9_.'-]+?)\s*=\s*'((?:[^'\\]|\\[\\'])*)'\s*\]$/i;

/**
 * The value of a pattern that compares one property for equality (`[domain-name:value = 'evil.example']`), the
 * shape this feed writes and most feeds use for atomic indicators; null for anything richer.
 */
export function patternValue(pattern: string): string | null {
  const match = SIMPLE_COMPARISON.exec(pattern.trim());
  if (!match) return null;
  return match[3]!.replace(/\\([\\'])/g, '$1');
}
