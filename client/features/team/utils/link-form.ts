import {
  TEAM_LINK_FIELDS,
  type TeamLink,
  type TeamLinkFieldKey,
  type TeamLinkFields,
  type TeamLinkForm,
  type TeamMember,
} from '@contract/team';

type Field = (typeof TEAM_LINK_FIELDS)[number];

const emptyFields = (): TeamLinkFields =>
  Object.fromEntries(TEAM_LINK_FIELDS.map((field) => [field.key, ''])) as TeamLinkFields;

function hostOf(url: string): string | null {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

const matchesHost = (field: Field, host: string) =>
  field.hosts.some((known) => host === known || host.endsWith(`.${known}`));

/** Links with no site of their own: a general field of the same type first, then Website, then Other. */
const FALLBACKS: Record<string, TeamLinkFieldKey[]> = {
  publication: ['publications', 'website', 'other'],
};
const DEFAULT_FALLBACK: TeamLinkFieldKey[] = ['website', 'other'];

/**
 * The form starts from the links team.json has now, each in the field of its site (LinkedIn, GitHub...), so
 * generating code without edits reproduces them. A link that fits no free field is left out of the form.
 */
export function linkFieldDefaults(links: readonly TeamLink[]): TeamLinkFields {
  const fields = emptyFields();
  for (const link of links) {
    const host = hostOf(link.url);
    const bySite = host ? TEAM_LINK_FIELDS.find((field) => matchesHost(field, host)) : undefined;
    const candidates = bySite ? [bySite.key] : (FALLBACKS[link.type] ?? DEFAULT_FALLBACK);
    const free = candidates.find((key) => fields[key] === '');
    if (free) fields[free] = link.url;
  }
  return fields;
}

export function linkFormDefaults(members: readonly Pick<TeamMember, 'id' | 'links'>[]): TeamLinkForm {
  return {
    members: Object.fromEntries(members.map((member) => [member.id, linkFieldDefaults(member.links)])),
  };
}

/**
 * The filled fields as team.json links. A URL the member already had keeps its label, type and place (an operator
 * wrote those), so an unedited form gives back the file's own list; new links follow in the form's order, each
 * labelled after its field.
 */
export function fieldsToLinks(
  fields: Partial<TeamLinkFields>,
  existing: readonly TeamLink[] = [],
): TeamLink[] {
  const kept: { link: TeamLink; index: number }[] = [];
  const added: TeamLink[] = [];
  for (const field of TEAM_LINK_FIELDS) {
    const url = fields[field.key]?.trim();
    if (!url) continue;
    const index = existing.findIndex((link) => link.url === url);
    if (index >= 0) kept.push({ link: { ...existing[index]! }, index });
    else added.push({ label: field.label, url, type: field.type });
  }
  kept.sort((a, b) => a.index - b.index);
  return [...kept.map(({ link }) => link), ...added];
}

/**
 * The snippet to paste into server/db/seed/data/team.json: for each member id, its new `links` array.
 * Members missing from `values` get an empty list.
 */
export function generateLinksSnippet(
  members: readonly Pick<TeamMember, 'id' | 'links'>[],
  values: TeamLinkForm,
): string {
  const byMember = Object.fromEntries(
    members.map((member) => [
      member.id,
      { links: fieldsToLinks(values.members[member.id] ?? {}, member.links) },
    ]),
  );
  return JSON.stringify(byMember, null, 2);
}
