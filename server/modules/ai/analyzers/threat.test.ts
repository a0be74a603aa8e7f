import { describe, expect, it, vi } from 'vitest';
import {
  assessThreat,
  extractIndicators,
  findKeywordCues,
  refang,
  runThreatAssessment,
  type ThreatMatchInput,
} from './threat.js';

const SHA256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const SHA1 = 'da39a3ee5e6b4b0d3255bfef95601890afd80709';
const MD5 = 'd41d8cd98f00b204e9800998ecf8427e';

describe('indicator extraction', () => {
  it('refangs the usual defanged forms', () => {
    expect(refang('hxxps://evil[.]example(.)com/a and bob[@]corp[dot]net, 10[.]0[.]0[.]1')).toBe(
      'https://evil.example.com/a and bob@corp.net, 10.0.0.1',
    );
  });

  it('extracts each kind once, normalised, by type and then by first appearance', () => {
    const text = [
      `Beacon to hxxp://Evil-CDN[.]example[.]com/Payload.exe from 10.0.0.5 and 10.0.0.5 again.`,
      `Contact ops@Bad-Actor.net; IPv6 2001:DB8::1; dropper ${MD5.toUpperCase()}, ${SHA1}, ${SHA256}.`,
      'Not indicators: 192.168.1.300, version 1.2.3.4.5, report.pdf, Node.js, 12:30:45, aa:bb:cc:dd:ee:ff.',
      `See (https://portal.example.org/path?q=1).`,
    ].join('\n');
    expect(extractIndicators(text)).toEqual([
      { type: 'ipv4', value: '10.0.0.5', defanged: false },
      { type: 'ipv6', value: '2001:db8::1', defanged: false },
      { type: 'domain', value: 'evil-cdn.example.com', defanged: true },
      { type: 'domain', value: 'bad-actor.net', defanged: false },
      { type: 'domain', value: 'portal.example.org', defanged: false },
      { type: 'url', value: 'http://evil-cdn.example.com/Payload.exe', defanged: true },
      { type: 'url', value: 'https://portal.example.org/path?q=1', defanged: false },
      { type: 'email', value: 'ops@bad-actor.net', defanged: false },
      { type: 'md5', value: MD5, defanged: false },
      { type: 'sha1', value: SHA1, defanged: false },
      { type: 'sha256', value: SHA256, defanged: false },
    ]);
  });

  it('stays linear on long runs that nearly look like indicators', () => {
    const started = performance.now();
    for (const text of ['a.'.repeat(10_000), 'a-'.repeat(10_000), '1.'.repeat(10_000), 'a:'.repeat(10_000)]) {
      expect(extractIndicators(text)).toEqual([]);
    }
    // Quadratic matching took over a second for each of these; linear takes a few milliseconds.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('finds nothing in plain prose', () => {
    expect(extractIndicators('We met on 3.4.2026 at 10:30 to discuss the budget e.g. travel.')).toEqual([]);
  });
});

const match = (overrides: Partial<ThreatMatchInput>): ThreatMatchInput => ({
  id: '00000000-0000-4000-8000-000000000001',
  title: 'Known C2 node',
  severity: 'high',
  category: 'cyber',
  tlp: 'GREEN',
  mitigations: ['Block the address at the firewall'],
  matchedIndicators: ['10.0.0.5'],
  ...overrides,
});

describe('threat assessment', () => {
  it('is low, with a reason, when nothing points at a threat', () => {
    expect(assessThreat('Lunch is at noon in the usual place.', [], [])).toEqual({
      confidence: 0.4,
      results: {
        riskLevel: 'low',
        score: 0,
        reasons: ['No known threat matched and no threat cues were found'],
        indicators: [],
        keywordCues: [],
        matchedThreats: [],
        mitigations: [],
      },
    });
  });

  it('adds keyword cues once each, with their counts', () => {
    expect(findKeywordCues('Phishing mails, more phishing, then ransomware and a backdoor.')).toEqual([
      { cue: 'ransomware', category: 'cyber', weight: 3, count: 1 },
      { cue: 'backdoor', category: 'cyber', weight: 3, count: 1 },
      { cue: 'phishing', category: 'cyber', weight: 2, count: 2 },
    ]);
  });

  it('raises the level to a matched threat’s severity and lists its mitigations', () => {
    const text = 'Odd traffic from 10.0.0.5 overnight.';
    const indicators = extractIndicators(text);
    expect(assessThreat(text, indicators, [match({})])).toEqual({
      // 0.4 + 0.15 x 1 match + 0.1 for indicators
      confidence: 0.65,
      results: {
        riskLevel: 'high',
        score: 1,
        reasons: [
          'Names 1 indicator of compromise (+1)',
          '1 points: low',
          'Matches stored threat "Known C2 node" (high) on 10.0.0.5',
        ],
        indicators: [{ type: 'ipv4', value: '10.0.0.5', defanged: false, matched: true }],
        keywordCues: [],
        matchedThreats: [
          {
            id: '00000000-0000-4000-8000-000000000001',
            title: 'Known C2 node',
            severity: 'high',
            category: 'cyber',
            tlp: 'GREEN',
            matchedIndicators: ['10.0.0.5'],
          },
        ],
        mitigations: ['Block the address at the firewall'],
      },
    });
  });

  it('is critical when a high threat matches a text with strong cues, most severe match first', () => {
    const text =
      'Ransomware dropped by a backdoor; data exfiltration to hxxp://cdn[.]bad[.]io seen. Also 10.0.0.5.';
    const indicators = extractIndicators(text);
    const low = match({
      id: '00000000-0000-4000-8000-000000000002',
      title: 'Old scanner',
      severity: 'low',
      mitigations: ['Watch the logs', 'Block the address at the firewall'],
    });
    const { results, confidence } = assessThreat(text, indicators, [
      low,
      match({ matchedIndicators: ['cdn.bad.io'] }),
    ]);
    expect(results.riskLevel).toBe('critical');
    // ransomware 3 + backdoor 3 + exfiltration 3 + indicators 1 + defanged 1
    expect(results.score).toBe(11);
    expect(results.reasons).toEqual([
      'Mentions ransomware (cyber, +3)',
      'Mentions backdoor (cyber, +3)',
      'Mentions data exfiltration (cyber, +3)',
      'Names 3 indicators of compromise (+1)',
      'Indicators are written defanged, as in a threat report (+1)',
      '11 points: high',
      'Matches stored threat "Known C2 node" (high) on cdn.bad.io',
      'Matches stored threat "Old scanner" (low) on 10.0.0.5',
      'A high threat matched and the text scores 11 points: critical',
    ]);
    expect(results.matchedThreats.map((t) => t.title)).toEqual(['Known C2 node', 'Old scanner']);
    expect(results.mitigations).toEqual(['Block the address at the firewall', 'Watch the logs']);
    expect(results.indicators.filter((i) => i.matched).map((i) => i.value)).toEqual([
      '10.0.0.5',
      'cdn.bad.io',
    ]);
    // 0.4 + 0.15 x 2 + 0.05 x 3 + 0.1, capped at 0.95
    expect(confidence).toBe(0.95);
  });

  it('looks up the extracted values, and does not look up when there are none', async () => {
    const lookup = vi.fn(async () => [match({})]);
    const outcome = await runThreatAssessment('Seen: 10.0.0.5 and hxxp://x[.]example[.]com', lookup);
    expect(lookup).toHaveBeenCalledWith(['10.0.0.5', 'x.example.com', 'http://x.example.com']);
    expect(outcome.results.riskLevel).toBe('high');
    lookup.mockClear();
    await runThreatAssessment('Nothing to see.', lookup);
    expect(lookup).not.toHaveBeenCalled();
  });
});
