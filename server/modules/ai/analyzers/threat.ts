import { isIPv6 } from 'node:net';
import {
  INDICATOR_TYPES,
  RISK_LEVELS,
  type IndicatorType,
  type RiskLevel,
  type ThreatResults,
} from '../../../../contract/ai.js';
import {
  normalizeIndicator,
  type ThreatCategory,
  type ThreatSeverity,
} from '../../../../contract/threats.js';
import { confidenceOf, type AnalyzerOutcome } from './shared.js';

/** Indicators one assessment extracts at most (a 20,000-character text holds far fewer real ones). */
export const MAX_INDICATORS = 500;

export interface Indicator {
  type: IndicatorType;
  value: string;
  defanged: boolean;
}

/** A stored threat whose indicators the text names (what `findThreatsByIndicators` returns). */
export interface ThreatMatchInput {
  id: string;
  title: string;
  severity: ThreatSeverity;
  category: ThreatCategory;
  tlp: ThreatResults['matchedThreats'][number]['tlp'];
  mitigations: string[];
  matchedIndicators: string[];
}

// Threat reports write indicators defanged so nobody clicks them; these turn them back into what they name.
const REFANG: [RegExp, string][] = [
  [/\bhxxp(s?):\/\//gi, 'http$1://'],
  [/\bhxxp(s?)\[:\]\/\//gi, 'http$1://'],
  [/\bfxp:\/\//gi, 'ftp://'],
  [/\[:\]\/\//g, '://'],
  [/\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}/gi, '.'],
  [/\[@\]|\(@\)|\{@\}|\[at\]|\(at\)|\{at\}/gi, '@'],
  [/\[:\]/g, ':'],
];

export function refang(text: string): string {
  return REFANG.reduce((current, [pattern, replacement]) => current.replace(pattern, replacement), text);
}

/**
 * Second-level names that look like a domain but are file names in security writing. A handful of real TLDs
 * (zip, sh, py) are left out on purpose: in a report, `invoice.zip` is a file far more often than a site.
 */
const FILE_EXTENSIONS = new Set(
  'exe dll sys bat cmd ps1 vbs js jar txt log pdf doc docx docm xls xlsx xlsm ppt pptx rtf png jpg jpeg gif bmp svg json xml csv tmp dat bin ini cfg conf yml yaml html htm php asp aspx jsp lnk iso img msi zip rar 7z gz tar sh py rb pl c h cpp md'.split(
    ' ',
  ),
);

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
/** A host name: labels and a TLD of 2 to 63 letters (or an IDN `xn--` TLD). */
const DOMAIN = `(?:${LABEL}\\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})`;

const PATTERNS: Record<IndicatorType, RegExp> = {
  url: /\b(?:https?|ftp):\/\/[^\s<>"'`]+/gi,
  // Local parts are at most 64 characters; the lookbehind starts a match only at the start of one, which keeps a
  // long run of dots and letters with no @ linear rather than quadratic.
  email: new RegExp(`(?<![a-z0-9._%+-])[a-z0-9._%+-]{1,64}@${DOMAIN}\\b`, 'gi'),
  ipv4: /(?<![\d.])(?:\d{1,3}\.){3}\d{1,3}(?!\.?\d)/g,
  ipv6: /(?<![0-9a-f:])(?:[0-9a-f]{0,4}:){2,7}(?:[0-9a-f]{0,4}|(?:\d{1,3}\.){3}\d{1,3})(?![0-9a-f:])/gi,
  domain: new RegExp(`(?<![a-z0-9._-])${DOMAIN}(?![a-z0-9@-]|\\.[a-z0-9])`, 'gi'),
  md5: /(?<![0-9a-f])[0-9a-f]{32}(?![0-9a-f])/gi,
  sha1: /(?<![0-9a-f])[0-9a-f]{40}(?![0-9a-f])/gi,
  sha256: /(?<![0-9a-f])[0-9a-f]{64}(?![0-9a-f])/gi,
};

const validIpv4 = (value: string) =>
  value.split('.').every((octet) => Number(octet) <= 255 && (octet === '0' || !octet.startsWith('0')));

const VALID: Partial<Record<IndicatorType, (value: string) => boolean>> = {
  ipv4: validIpv4,
  // At least one hex digit: `::` alone, or a time such as 12:30:45, is not an address worth reporting.
  ipv6: (value) => /[0-9a-f]/i.test(value) && isIPv6(value),
  domain: (value) => !FILE_EXTENSIONS.has(value.slice(value.lastIndexOf('.') + 1).toLowerCase()),
};

/** Sentence punctuation and closing brackets that follow a URL in prose are not part of it. */
const trimUrl = (value: string) => value.replace(/[.,;:!?)\]}>'"]+$/, '');

/**
 * Indicators of compromise in a text: URLs, e-mail addresses, IPv4 (each octet 0-255, no leading zeros) and IPv6
 * addresses, domains with a TLD of letters, and MD5, SHA-1 and SHA-256 hashes. Defanged forms are refanged first;
 * values are normalised as stored threat intelligence is, listed by type and then by first appearance, each once.
 * A URL's host and an e-mail address's domain are also listed as domains, so a record naming only the domain
 * still matches.
 */
export function extractIndicators(text: string): Indicator[] {
  const refanged = refang(text);
  const original = text.toLowerCase();
  const seen = new Set<string>();
  const found: Indicator[] = [];
  for (const type of INDICATOR_TYPES) {
    for (const match of refanged.matchAll(PATTERNS[type])) {
      const raw = type === 'url' ? trimUrl(match[0]) : match[0];
      if (VALID[type] && !VALID[type](raw)) continue;
      const value = normalizeIndicator(raw);
      const key = `${type} ${value}`;
      if (seen.has(key)) continue;
      seen.add(key);
      found.push({ type, value, defanged: !original.includes(raw.toLowerCase()) });
    }
  }
  return found.slice(0, MAX_INDICATORS);
}

interface Cue {
  cue: string;
  category: ThreatCategory;
  weight: number;
  pattern: RegExp;
}

/** Words that, in a text about an incident, point at a threat; weights grow with how grave the word is. */
export const KEYWORD_CUES: readonly Cue[] = [
  { cue: 'ransomware', category: 'cyber', weight: 3, pattern: /\bransomware\b/gi },
  { cue: 'zero-day', category: 'cyber', weight: 3, pattern: /\b(?:zero|0)[- ]day\b/gi },
  { cue: 'backdoor', category: 'cyber', weight: 3, pattern: /\bback[- ]?doors?\b/gi },
  {
    cue: 'command and control',
    category: 'cyber',
    weight: 3,
    pattern: /\b(?:command[- ]and[- ]control|c2|c&c)\b/gi,
  },
  { cue: 'data exfiltration', category: 'cyber', weight: 3, pattern: /\bexfiltrat\w*/gi },
  { cue: 'malware', category: 'cyber', weight: 2, pattern: /\bmalware\b/gi },
  { cue: 'exploit', category: 'cyber', weight: 2, pattern: /\bexploit(?:s|ed|ing|ation)?\b/gi },
  { cue: 'phishing', category: 'cyber', weight: 2, pattern: /\b(?:spear[- ]?)?phish(?:ing|ed)?\b/gi },
  {
    cue: 'credential theft',
    category: 'cyber',
    weight: 2,
    pattern: /\bcredential (?:theft|dump\w*|stuffing|harvest\w*)\b/gi,
  },
  { cue: 'brute force', category: 'cyber', weight: 2, pattern: /\bbrute[- ]?forc\w*/gi },
  { cue: 'botnet', category: 'cyber', weight: 2, pattern: /\bbotnets?\b/gi },
  {
    cue: 'denial of service',
    category: 'cyber',
    weight: 2,
    pattern: /\b(?:d?dos|denial[- ]of[- ]service)\b/gi,
  },
  { cue: 'trojan', category: 'cyber', weight: 2, pattern: /\btrojans?\b/gi },
  { cue: 'keylogger', category: 'cyber', weight: 2, pattern: /\bkey ?loggers?\b/gi },
  { cue: 'breach', category: 'cyber', weight: 2, pattern: /\bbreach(?:es|ed)?\b/gi },
  { cue: 'compromised', category: 'cyber', weight: 2, pattern: /\bcompromised?\b/gi },
  {
    cue: 'vulnerability',
    category: 'cyber',
    weight: 1,
    pattern: /\b(?:vulnerabilit(?:y|ies)|cve-\d{4}-\d{4,})\b/gi,
  },
  { cue: 'explosive', category: 'physical', weight: 3, pattern: /\b(?:bombs?|explosives?|ied)\b/gi },
  { cue: 'kidnapping', category: 'physical', weight: 3, pattern: /\b(?:kidnap\w*|abduct\w*)\b/gi },
  { cue: 'assassination', category: 'physical', weight: 3, pattern: /\bassassinat\w*/gi },
  { cue: 'weapon', category: 'physical', weight: 2, pattern: /\b(?:weapons?|firearms?|guns?)\b/gi },
  { cue: 'stalking', category: 'physical', weight: 2, pattern: /\bstalk(?:ing|ed|er)?\b/gi },
  { cue: 'threat of harm', category: 'physical', weight: 2, pattern: /\bthreat(?:en|ened|ening)\b/gi },
  { cue: 'sabotage', category: 'insider', weight: 3, pattern: /\bsabotag\w*/gi },
  { cue: 'insider', category: 'insider', weight: 2, pattern: /\binsiders?\b/gi },
  { cue: 'data leak', category: 'insider', weight: 2, pattern: /\bleak(?:s|ed|ing)?\b/gi },
  { cue: 'disgruntled', category: 'insider', weight: 2, pattern: /\bdisgruntled\b/gi },
  { cue: 'extortion', category: 'external', weight: 3, pattern: /\b(?:extort\w*|blackmail\w*)\b/gi },
  { cue: 'fraud', category: 'external', weight: 2, pattern: /\bfraud\w*/gi },
];

export function findKeywordCues(text: string): ThreatResults['keywordCues'] {
  return KEYWORD_CUES.flatMap(({ cue, category, weight, pattern }) => {
    const count = [...text.matchAll(pattern)].length;
    return count > 0 ? [{ cue, category, weight, count }] : [];
  });
}

/** Cue and indicator points at which the level becomes medium and high (matched threats decide on their own). */
export const RISK_POINTS = { medium: 3, high: 7 } as const;

const SEVERITY_RANK: Record<ThreatSeverity, number> = { low: 0, medium: 1, high: 2, critical: 3 };
const higher = (a: RiskLevel, b: RiskLevel) => (RISK_LEVELS.indexOf(a) >= RISK_LEVELS.indexOf(b) ? a : b);

/**
 * The risk of a text from what it contains. Points: each keyword cue its weight (once, however often it appears),
 * 1 for naming any indicator of compromise, 1 more when indicators were defanged (as threat reports write them).
 * Points give low (under 3), medium (3 to 6) or high (7 or more). A matched threat raises the level to at least its
 * severity, and a matched high or critical threat together with 7 or more points is critical. Every step is listed
 * in `reasons`.
 *
 * Confidence = 0.4 + 0.15 per matched threat (up to 3) + 0.05 per cue (up to 4) + 0.1 when indicators were found,
 * capped at 0.95: stored intelligence is the firmest evidence, words the weakest.
 */
export function assessThreat(
  text: string,
  indicators: readonly Indicator[],
  matches: readonly ThreatMatchInput[],
): AnalyzerOutcome<ThreatResults> {
  const reasons: string[] = [];
  const cues = findKeywordCues(text);
  let score = 0;
  for (const cue of cues) {
    score += cue.weight;
    reasons.push(`Mentions ${cue.cue} (${cue.category}, +${cue.weight})`);
  }
  if (indicators.length > 0) {
    score += 1;
    reasons.push(
      `Names ${indicators.length} indicator${indicators.length === 1 ? '' : 's'} of compromise (+1)`,
    );
  }
  if (indicators.some((indicator) => indicator.defanged)) {
    score += 1;
    reasons.push('Indicators are written defanged, as in a threat report (+1)');
  }
  let level: RiskLevel = score >= RISK_POINTS.high ? 'high' : score >= RISK_POINTS.medium ? 'medium' : 'low';
  if (score > 0) reasons.push(`${score} points: ${level}`);

  // Most severe first, then by title and id, so the same matches always read in the same order.
  const ordered = [...matches].sort(
    (a, b) =>
      SEVERITY_RANK[b.severity] - SEVERITY_RANK[a.severity] ||
      a.title.localeCompare(b.title) ||
      a.id.localeCompare(b.id),
  );
  const matchedValues = new Set<string>();
  for (const match of ordered) {
    match.matchedIndicators.forEach((value) => matchedValues.add(value));
    reasons.push(
      `Matches stored threat "${match.title}" (${match.severity}) on ${match.matchedIndicators.join(', ')}`,
    );
    level = higher(level, match.severity);
  }
  const worst = ordered[0]?.severity;
  if ((worst === 'high' || worst === 'critical') && score >= RISK_POINTS.high && level !== 'critical') {
    level = 'critical';
    reasons.push(`A ${worst} threat matched and the text scores ${score} points: critical`);
  }
  if (reasons.length === 0) reasons.push('No known threat matched and no threat cues were found');

  return {
    confidence: confidenceOf(
      Math.min(
        0.95,
        0.4 +
          0.15 * Math.min(3, ordered.length) +
          0.05 * Math.min(4, cues.length) +
          (indicators.length ? 0.1 : 0),
      ),
    ),
    results: {
      riskLevel: level,
      score,
      reasons,
      indicators: indicators.map((indicator) => ({
        ...indicator,
        matched: matchedValues.has(indicator.value),
      })),
      keywordCues: cues,
      matchedThreats: ordered.map(({ mitigations: _mitigations, ...threat }) => threat),
      mitigations: [...new Set(ordered.flatMap((match) => match.mitigations))],
    },
  };
}

/** Extracts the text's indicators, looks them up in stored intelligence, and assesses the whole. */
export async function runThreatAssessment(
  text: string,
  lookup: (indicators: string[]) => Promise<ThreatMatchInput[]>,
): Promise<AnalyzerOutcome<ThreatResults>> {
  const indicators = extractIndicators(text);
  const matches = indicators.length > 0 ? await lookup(indicators.map((indicator) => indicator.value)) : [];
  return assessThreat(text, indicators, matches);
}
