import { z } from 'zod';

/** One external link of a personnel dossier; all are shown as verified. */
export interface TeamLink {
  label: string;
  url: string;
  type: string;
}

export const teamLinkSchema = z.object({ label: z.string(), url: z.string(), type: z.string() });

export const teamMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  title: z.string(),
  classification: z.string(),
  clearanceLevel: z.string(),
  securityClearance: z.string(),
  yearsActive: z.number().int(),
  specializations: z.array(z.string()),
  bio: z.string(),
  operationalHistory: z.array(z.string()),
  links: z.array(teamLinkSchema),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamAdvisorSchema = z.object({ name: z.string(), role: z.string(), blurb: z.string() });
export type TeamAdvisor = z.infer<typeof teamAdvisorSchema>;

/** `GET /api/team`: everything the team page shows, from server/db/seed/data/team.json. */
export const teamPageSchema = z.object({
  members: z.array(teamMemberSchema),
  advisors: z.array(teamAdvisorSchema),
  classificationNotice: z.string(),
});
export type TeamPage = z.infer<typeof teamPageSchema>;

/** Every field of the admin link form is optional; a filled one must be a URL. */
export const LINK_URL_MESSAGE = 'Please enter a valid URL';

/** The eleven link fields of the admin link form (/admin/link-form), with the label and type each writes to team.json. */
export const TEAM_LINK_FIELDS = [
  { key: 'linkedin', label: 'LinkedIn', type: 'linkedin', hosts: ['linkedin.com'] },
  { key: 'twitter', label: 'Twitter / X', type: 'social', hosts: ['twitter.com', 'x.com'] },
  { key: 'github', label: 'GitHub', type: 'profile', hosts: ['github.com'] },
  { key: 'website', label: 'Website', type: 'website', hosts: [] },
  { key: 'medium', label: 'Medium', type: 'publication', hosts: ['medium.com'] },
  { key: 'researchGate', label: 'ResearchGate', type: 'publication', hosts: ['researchgate.net'] },
  { key: 'googleScholar', label: 'Google Scholar', type: 'publication', hosts: ['scholar.google.com'] },
  { key: 'orcid', label: 'ORCID', type: 'profile', hosts: ['orcid.org'] },
  { key: 'youtube', label: 'YouTube', type: 'media', hosts: ['youtube.com', 'youtu.be'] },
  { key: 'publications', label: 'Publications', type: 'publication', hosts: [] },
  { key: 'other', label: 'Other', type: 'other', hosts: [] },
] as const;
export type TeamLinkFieldKey = (typeof TEAM_LINK_FIELDS)[number]['key'];

const optionalUrl = z
  .string()
  .trim()
  .refine(
    (value) => value === '' || z.url({ protocol: /^https?$/ }).safeParse(value).success,
    LINK_URL_MESSAGE,
  );

export const teamLinkFieldsSchema = z.object(
  Object.fromEntries(TEAM_LINK_FIELDS.map((field) => [field.key, optionalUrl])) as Record<
    TeamLinkFieldKey,
    typeof optionalUrl
  >,
);
export type TeamLinkFields = z.infer<typeof teamLinkFieldsSchema>;

/** The whole form: one set of link fields per team member id. */
export const teamLinkFormSchema = z.object({
  members: z.record(z.string(), teamLinkFieldsSchema),
});
export type TeamLinkForm = z.infer<typeof teamLinkFormSchema>;
