import { ATTACK_ID_PATTERN, ATTACK_SEARCH_MAX, type AttackTechnique } from '../../../contract/attack.js';
import { validationFailed } from '../../lib/errors.js';
import table from './attack-techniques.json' with { type: 'json' };

/*
 * The MITRE ATT&CK Enterprise technique table shipped with the server (scripts/attack-techniques.mjs made it from
 * MITRE's STIX data; its version and MITRE's terms are in the file and in ATTACK-LICENSE.txt beside it). It is
 * read-only data, the same for every app in the process, so it is parsed once here rather than kept as state.
 */

type Row = [id: string, name: string, tactics: string[]];

const techniques: readonly AttackTechnique[] = (table.techniques as Row[]).map(([id, name, tactics]) => ({
  id,
  name,
  tactics,
}));
const byId = new Map(techniques.map((technique) => [technique.id, technique]));
/** Lower-case "id name tactics" of each, for word matches. */
const haystacks = techniques.map((t) => `${t.id} ${t.name} ${t.tactics.join(' ')}`.toLowerCase());

export const about = {
  version: table.version,
  techniques: techniques.length,
  copyright: table.copyright,
};

/**
 * The picker's search: an id or id prefix (`T1566`, `t1566.0`) first, then names that start with the text, then
 * every technique whose id, name and tactics hold all the words; at most 20, in that order.
 */
export function search(q: string): AttackTechnique[] {
  const text = q.trim().toLowerCase();
  if (!text) return techniques.slice(0, ATTACK_SEARCH_MAX);
  const words = text.split(/\s+/);
  const ranked: { technique: AttackTechnique; rank: number; at: number }[] = [];
  techniques.forEach((technique, at) => {
    const id = technique.id.toLowerCase();
    const name = technique.name.toLowerCase();
    const rank =
      id === text
        ? 0
        : id.startsWith(text)
          ? 1
          : name.startsWith(text)
            ? 2
            : words.every((word) => haystacks[at]!.includes(word))
              ? 3
              : -1;
    if (rank >= 0) ranked.push({ technique, rank, at });
  });
  return ranked
    .sort((a, b) => a.rank - b.rank || a.at - b.at)
    .slice(0, ATTACK_SEARCH_MAX)
    .map(({ technique }) => technique);
}

/** The technique of an id, or undefined when the table has none (revoked, deprecated or never one). */
export function find(id: string): AttackTechnique | undefined {
  return byId.get(id);
}

/** Checks ids against the table: 400 naming each unknown one at its position in `path`. */
export function checkIds(ids: readonly string[], path = 'attackTechniques'): void {
  const issues = ids.flatMap((id, index) =>
    byId.has(id)
      ? []
      : [
          {
            path: `${path}.${index}`,
            message: ATTACK_ID_PATTERN.test(id)
              ? `${id} is not an ATT&CK Enterprise technique (v${table.version})`
              : 'A technique id looks like T1566 or T1566.001',
          },
        ],
  );
  if (issues.length > 0) throw validationFailed(issues);
}

/** "T1566.001 Spearphishing Attachment" for reports; an id the table lost since is printed alone. */
export function label(id: string): string {
  const technique = byId.get(id);
  return technique ? `${technique.id} ${technique.name}` : id;
}
