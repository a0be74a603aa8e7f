import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrganizationPage } from '@/features/organization/components/organization-page';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const organization = {
  id: 'org-1',
  name: 'Northwind Traders',
  domain: 'northwind.example',
  tier: 3,
  role: 'owner',
  memberCount: 2,
};
const members = [
  {
    userId: 'u-owner',
    email: 'owner@northwind.example',
    name: 'Asha Rao',
    role: 'owner',
    joinedAt: '2026-11-01T09:00:00.000Z',
    via: 'director',
  },
  {
    userId: 'u-member',
    email: 'analyst@northwind.example',
    name: null,
    role: 'member',
    joinedAt: '2026-11-02T09:00:00.000Z',
    via: 'invitation',
  },
];

describe('OrganizationPage', () => {
  it('names each member once: by name over the address, or by the address alone', async () => {
    mockFetch(({ url }) => {
      if (url === '/api/organization') return { json: organization };
      if (url.startsWith('/api/organization/members')) return { json: members };
      if (url.startsWith('/api/organization/invitations')) return { json: [] };
      if (url.startsWith('/api/organization/audit')) return { json: [] };
      return undefined;
    });
    renderWithProviders(<OrganizationPage userId="u-owner" />);
    const rows = await screen.findAllByTestId('organization-member');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Asha Rao');
    expect(rows[0]).toHaveTextContent('owner@northwind.example');
    expect(rows[1]!.textContent!.split('analyst@northwind.example')).toHaveLength(2);
  });
});
