import type { TeamMember, TeamPage } from '@contract/team';

export function makeMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return {
    id: 'kabir-raghunathan',
    name: 'Kabir Raghunathan',
    title: 'Founder & Director of Operations',
    classification: 'CLASSIFIED - NEED TO KNOW',
    clearanceLevel: 'LEVEL 4 - DIRECTOR',
    securityClearance: 'TOP SECRET',
    yearsActive: 21,
    specializations: ['Executive Protection', 'Crisis Management'],
    bio: 'Kabir led protective security for a conglomerate before founding the firm.',
    operationalHistory: ['Directed a 14-month procurement-fraud investigation'],
    links: [
      {
        label: 'LinkedIn profile',
        url: 'https://www.linkedin.com/in/kabir',
        type: 'linkedin',
      },
      {
        label: 'Professional certifications',
        url: 'https://www.credly.com/users/kabir',
        type: 'profile',
      },
    ],
    ...overrides,
  };
}

export const secondMember = makeMember({
  id: 'meera-iyer-kapoor',
  name: 'Dr. Meera Iyer-Kapoor',
  title: 'Head of Digital Intelligence & Forensics',
  classification: 'RESTRICTED - NEED TO KNOW',
  clearanceLevel: 'LEVEL 3 - AGENT',
  securityClearance: 'SECRET',
  yearsActive: 14,
  specializations: ['Digital Forensics', 'Open-Source Intelligence'],
  operationalHistory: ['Recovered deleted procurement records'],
  links: [
    {
      label: 'Research publications',
      url: 'https://www.researchgate.net/profile/Meera',
      type: 'publication',
    },
    { label: 'Articles on forensic practice', url: 'https://medium.com/@meera', type: 'publication' },
  ],
});

export const teamPage: TeamPage = {
  members: [makeMember(), secondMember],
  advisors: [
    {
      name: 'Lt. Gen. (Retd.) Harinder Sandhu',
      role: 'Strategic Security Advisor',
      blurb: 'Crisis doctrine.',
    },
    {
      name: 'Justice (Retd.) Anjali Deshmukh',
      role: 'Legal & Ethics Advisor',
      blurb: 'Chairs the ethics panel.',
    },
    { name: 'Rohan Bhattacharya', role: 'Cyber Risk & Technology Advisor', blurb: 'Former bank CISO.' },
  ],
  classificationNotice: 'Personnel information on this page is released for client assurance only.',
};
