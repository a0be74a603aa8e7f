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

/* STIX 2.1 patterning (specification section 9): a parser that checks a pattern and lists what it compares. */

/** One property comparison of a pattern: `file:hashes.'SHA-256' = '...'` is path `file:hashes.SHA-256`. */
export interface PatternComparison {
  objectType: string;
  path: string;
  operator: string;
  negated: boolean;
  /** The compared string values (one, or a set's members); empty for numbers, booleans and the like. */
  values: string[];
}

export type ParsedPattern = { ok: true; comparisons: PatternComparison[] } | { ok: false; error: string };

type Token = {
  kind: 'punct' | 'word' | 'string' | 'number' | 'typed';
  text: string;
  value?: string;
  at: number;
};

const KEYWORDS = new Set([
  'AND',
  'OR',
  'NOT',
  'FOLLOWEDBY',
  'LIKE',
  'MATCHES',
  'ISSUBSET',
  'ISSUPERSET',
  'IN',
  'EXISTS',
  'START',
  'STOP',
  'WITHIN',
  'SECONDS',
  'REPEATS',
  'TIMES',
]);
const ORDER_OPS = new Set(['=', '!=', '<', '>', '<=', '>=']);
const TIMESTAMP_LITERAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

class PatternError extends Error {}

function tokenize(pattern: string): Token[] {
  const tokens: Token[] = [];
  let at = 0;
  const fail = (message: string): never => {
    throw new PatternError(`${message} at character ${at + 1}`);
  };
  const readString = (start: number): { value: string; end: number } => {
    let value = '';
    let i = start + 1;
    for (;;) {
      const char = pattern[i];
      if (char === undefined) return fail('Unterminated string');
      if (char === '\\') {
        const next = pattern[i + 1];
        if (next === undefined) return fail('Unterminated string');
        // \' and \\ are the grammar's escapes; feeds also write regular expressions' own (\. \d), kept as written.
        value += next === "'" || next === '\\' ? next : `\\${next}`;
        i += 2;
      } else if (char === "'") return { value, end: i + 1 };
      else {
        value += char;
        i += 1;
      }
    }
  };
  while (at < pattern.length) {
    const rest = pattern.slice(at);
    const space = /^\s+/.exec(rest);
    if (space) {
      at += space[0].length;
      continue;
    }
    const typed = /^([thb])'/.exec(rest);
    if (typed) {
      const { value, end } = readString(at + 1);
      tokens.push({ kind: 'typed', text: typed[1]!, value, at });
      at = end;
      continue;
    }
    if (rest[0] === "'") {
      const { value, end } = readString(at);
      tokens.push({ kind: 'string', text: "'", value, at });
      at = end;
      continue;
    }
    const op = /^(<=|>=|!=|[[\]():.,=<>*])/.exec(rest);
    if (op) {
      tokens.push({ kind: 'punct', text: op[0], at });
      at += op[0].length;
      continue;
    }
    const number = /^[-+]?\d+(\.\d+)?/.exec(rest);
    if (number) {
      tokens.push({ kind: 'number', text: number[0], at });
      at += number[0].length;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_-]*/.exec(rest);
    if (word) {
      tokens.push({ kind: 'word', text: word[0], at });
      at += word[0].length;
      continue;
    }
    fail(`Unexpected "${rest[0]}"`);
  }
  return tokens;
}

/**
 * Parses a STIX 2.1 pattern: observation expressions in brackets joined by AND, OR and FOLLOWEDBY, with START/STOP,
 * WITHIN and REPEATS qualifiers; comparisons of an object path with =, !=, <, >, <=, >=, IN, LIKE, MATCHES,
 * ISSUBSET, ISSUPERSET, EXISTS and NOT. The pattern itself is never changed: this only checks it and reads the
 * comparisons (for the normalised form matching uses).
 */
export function parsePattern(pattern: string): ParsedPattern {
  let tokens: Token[];
  try {
    tokens = tokenize(pattern);
  } catch (error) {
    if (error instanceof PatternError) return { ok: false, error: error.message };
    throw error;
  }
  let position = 0;
  const comparisons: PatternComparison[] = [];
  const peek = () => tokens[position];
  const where = () => (peek() ? `character ${peek()!.at + 1}` : 'the end');
  const fail = (message: string): never => {
    throw new PatternError(`${message} at ${where()}`);
  };
  const isPunct = (text: string) => peek()?.kind === 'punct' && peek()!.text === text;
  const isWord = (text: string) => peek()?.kind === 'word' && peek()!.text === text;
  const expectPunct = (text: string) => {
    if (!isPunct(text)) fail(`Expected "${text}"`);
    position += 1;
  };
  const expectWord = (text: string) => {
    if (!isWord(text)) fail(`Expected ${text}`);
    position += 1;
  };
  const integer = (): void => {
    const token = peek();
    if (token?.kind !== 'number' || !/^\+?\d+$/.test(token.text)) fail('Expected a whole number');
    position += 1;
  };
  const timestampLiteral = () => {
    const token = peek();
    if (token?.kind !== 'typed' || token.text !== 't' || !TIMESTAMP_LITERAL.test(token.value!)) {
      fail("Expected a timestamp such as t'2026-01-31T12:00:00Z'");
    }
    position += 1;
  };

  const objectPath = (): { objectType: string; path: string } => {
    const type = peek();
    if (type?.kind !== 'word' || KEYWORDS.has(type.text) || !/^[a-z0-9-]+$/.test(type.text)) {
      fail('Expected an object type such as file or domain-name');
    }
    position += 1;
    expectPunct(':');
    const parts: string[] = [];
    const component = () => {
      const token = peek();
      if (token?.kind === 'word' || token?.kind === 'string') {
        parts.push(token.kind === 'string' ? token.value! : token.text);
        position += 1;
      } else fail('Expected a property name');
    };
    component();
    for (;;) {
      if (isPunct('.')) {
        position += 1;
        component();
      } else if (isPunct('[')) {
        position += 1;
        if (isPunct('*')) position += 1;
        else integer();
        expectPunct(']');
        parts.push('[]');
      } else break;
    }
    return { objectType: type!.text, path: `${type!.text}:${parts.join('.')}` };
  };

  const literal = (): string | null => {
    const token = peek();
    if (!token) return fail('Expected a value');
    if (token.kind === 'string') {
      position += 1;
      return token.value!;
    }
    if (token.kind === 'number') {
      position += 1;
      return null;
    }
    if (token.kind === 'word' && (token.text === 'true' || token.text === 'false')) {
      position += 1;
      return null;
    }
    if (token.kind === 'typed') {
      if (token.text === 't' && !TIMESTAMP_LITERAL.test(token.value!)) fail('Malformed timestamp literal');
      if (token.text === 'h' && !/^([0-9a-fA-F]{2})*$/.test(token.value!)) fail('Malformed hex literal');
      if (token.text === 'b' && !/^[A-Za-z0-9+/]*={0,2}$/.test(token.value!))
        fail('Malformed binary literal');
      position += 1;
      return token.text === 'h' ? token.value! : null;
    }
    return fail('Expected a value');
  };

  const stringLiteral = (): string => {
    const token = peek();
    if (token?.kind !== 'string') fail('Expected a string');
    position += 1;
    return token!.value!;
  };

  const propertyTest = (): void => {
    if (isPunct('(')) {
      position += 1;
      comparisonExpression();
      expectPunct(')');
      return;
    }
    if (isWord('EXISTS')) {
      position += 1;
      const path = objectPath();
      comparisons.push({ ...path, operator: 'EXISTS', negated: false, values: [] });
      return;
    }
    const path = objectPath();
    let negated = false;
    if (isWord('NOT')) {
      negated = true;
      position += 1;
    }
    const token = peek();
    if (token?.kind === 'punct' && ORDER_OPS.has(token.text)) {
      position += 1;
      const value = literal();
      comparisons.push({ ...path, operator: token.text, negated, values: value === null ? [] : [value] });
    } else if (isWord('IN')) {
      position += 1;
      expectPunct('(');
      const values: string[] = [];
      for (;;) {
        const value = literal();
        if (value !== null) values.push(value);
        if (isPunct(',')) position += 1;
        else break;
      }
      expectPunct(')');
      comparisons.push({ ...path, operator: 'IN', negated, values });
    } else if (isWord('LIKE') || isWord('MATCHES') || isWord('ISSUBSET') || isWord('ISSUPERSET')) {
      const operator = token!.text;
      position += 1;
      const value = stringLiteral();
      // A MATCHES expression is PCRE, which JavaScript's RegExp does not fully read: it is kept, not judged.
      comparisons.push({ ...path, operator, negated, values: [value] });
    } else fail('Expected a comparison operator');
  };

  function comparisonExpression(): void {
    propertyTest();
    while (isWord('AND') || isWord('OR')) {
      position += 1;
      propertyTest();
    }
  }

  const observationExpression = (): void => {
    if (isPunct('[')) {
      position += 1;
      comparisonExpression();
      expectPunct(']');
    } else if (isPunct('(')) {
      position += 1;
      observationExpressions();
      expectPunct(')');
    } else fail('Expected "[" to open an observation expression');
    for (;;) {
      if (isWord('START')) {
        position += 1;
        timestampLiteral();
        expectWord('STOP');
        timestampLiteral();
      } else if (isWord('WITHIN')) {
        position += 1;
        const token = peek();
        if (token?.kind !== 'number' || token.text.startsWith('-')) fail('Expected a number of seconds');
        position += 1;
        expectWord('SECONDS');
      } else if (isWord('REPEATS')) {
        position += 1;
        integer();
        expectWord('TIMES');
      } else break;
    }
  };

  function observationExpressions(): void {
    observationExpression();
    while (isWord('AND') || isWord('OR') || isWord('FOLLOWEDBY')) {
      position += 1;
      observationExpression();
    }
  }

  try {
    if (!tokens.length) return { ok: false, error: 'The pattern is empty' };
    observationExpressions();
    if (position < tokens.length) fail('Unexpected text after the pattern');
    return { ok: true, comparisons };
  } catch (error) {
    if (error instanceof PatternError) return { ok: false, error: error.message };
    throw error;
  }
}

/**
 * The values a pattern looks for, in the normalised form threat matching compares (`normalizeIndicator`): every
 * string a positive `=` or `IN` compares. The pattern itself is kept as given; this is only the matching index.
 */
export function patternIndicators(
  comparisons: PatternComparison[],
  normalize: (value: string) => string,
): string[] {
  const values = comparisons
    .filter(
      (comparison) => !comparison.negated && (comparison.operator === '=' || comparison.operator === 'IN'),
    )
    .flatMap((comparison) => comparison.values)
    .map(normalize)
    .filter((value) => value.length > 0);
  return [...new Set(values)];
}
