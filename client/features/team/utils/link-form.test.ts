import { describe, expect, it } from 'vitest';
import { LINK_URL_MESSAGE, TEAM_LINK_FIELDS, teamLinkFormSchema } from '@contract/team';
import { makeMember, secondMember } from '@/features/team/test-fixtures';
import {
  fieldsToLinks,
  generateLinksSnippet,
  linkFieldDefaults,
  linkFormDefaults,
} from '@/features/team/utils/link-form';

describe('the link form fields', () => {
  it('has eleven optional fields', () => {
    expect(TEAM_LINK_FIELDS).toHaveLength(11);
    const empty = linkFieldDefaults([]);
    expect(Object.values(empty)).toEqual(Array(11).fill(''));
    expect(teamLinkFormSchema.safeParse({ members: { a: empty } }).success).toBe(true);
  });

  it("rejects a filled field that is not a URL with 'Please enter a valid URL'", () => {
    for (const bad of ['not a url', 'linkedin.com/in/x', 'javascript:alert(1)']) {
      const result = teamLinkFormSchema.safeParse({
        members: { a: { ...linkFieldDefaults([]), github: bad } },
      });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues).toEqual([
        expect.objectContaining({ path: ['members', 'a', 'github'], message: LINK_URL_MESSAGE }),
      ]);
    }
    expect(LINK_URL_MESSAGE).toBe('Please enter a valid URL');
  });

  it('starts from the links the data file has, each in the field of its site', () => {
    expect(linkFieldDefaults(makeMember().links)).toMatchObject({
      linkedin: 'https://www.linkedin.com/in/kabir',
      website: 'https://www.credly.com/users/kabir',
      github: '',
    });
    expect(linkFieldDefaults(secondMember.links)).toMatchObject({
      researchGate: 'https://www.researchgate.net/profile/Meera',
      medium: 'https://medium.com/@meera',
    });
  });
});

describe('the generated snippet', () => {
  it('reproduces the current links, labels and types when nothing was edited', () => {
    const members = [makeMember(), secondMember];
    const snippet = JSON.parse(generateLinksSnippet(members, linkFormDefaults(members)));
    expect(snippet).toEqual({
      'kabir-raghunathan': { links: makeMember().links },
      'meera-iyer-kapoor': { links: secondMember.links },
    });
  });

  it('labels a new link after its field and puts it last, and drops cleared ones', () => {
    const member = makeMember();
    const fields = {
      ...linkFieldDefaults(member.links),
      website: '',
      orcid: ' https://orcid.org/0000-0001 ',
    };
    expect(fieldsToLinks(fields, member.links)).toEqual([
      member.links[0],
      { label: 'ORCID', url: 'https://orcid.org/0000-0001', type: 'profile' },
    ]);
    const snippet = generateLinksSnippet([member], { members: { [member.id]: fields } });
    expect(snippet).toContain('"kabir-raghunathan": {\n    "links": [');
    expect(snippet).not.toContain('credly');
  });
});
