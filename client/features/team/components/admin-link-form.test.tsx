import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AdminLinkForm } from '@/features/team/components/admin-link-form';
import { teamPage } from '@/features/team/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

function serve() {
  return mockFetch(({ url }) => (url === '/api/team' ? { json: teamPage } : undefined));
}

async function memberFieldset(name: string) {
  const fieldsets = await screen.findAllByTestId('member-links');
  return fieldsets.find((fieldset) => within(fieldset).queryByText(name))!;
}

describe('the admin link form', () => {
  it('shows eleven URL fields for each member, filled with the current links', async () => {
    serve();
    renderWithProviders(<AdminLinkForm />);
    const kabir = await memberFieldset('Kabir Raghunathan');
    expect(within(kabir).getAllByRole('textbox')).toHaveLength(11);
    expect(within(kabir).getByLabelText('LinkedIn')).toHaveValue('https://www.linkedin.com/in/kabir');
    expect(screen.getAllByTestId('member-links')).toHaveLength(2);
  });

  it("refuses a bad URL with 'Please enter a valid URL' and generates nothing", async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<AdminLinkForm />);
    const meera = await memberFieldset('Dr. Meera Iyer-Kapoor');
    await user.type(within(meera).getByLabelText('GitHub'), 'github dot com');
    await user.click(screen.getByRole('button', { name: 'Generate Code' }));
    expect(await within(meera).findByText('Please enter a valid URL')).toBeInTheDocument();
    expect(within(meera).getByLabelText('GitHub')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('links-snippet')).not.toBeInTheDocument();
    expect(screen.queryByText('Code Generated')).not.toBeInTheDocument();
    // Only the team was read: the form never sends anything.
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });

  it("generates the links snippet with a 'Code Generated' toast and copies it with 'Copied'", async () => {
    const fetchMock = serve();
    const user = userEvent.setup();
    renderWithProviders(<AdminLinkForm />);
    const meera = await memberFieldset('Dr. Meera Iyer-Kapoor');
    await user.type(within(meera).getByLabelText('GitHub'), 'https://github.com/meera');
    await user.click(screen.getByRole('button', { name: 'Generate Code' }));

    expect(await screen.findByText('Code Generated')).toBeInTheDocument();
    const snippet = screen.getByTestId('links-snippet').textContent!;
    const parsed = JSON.parse(snippet);
    expect(Object.keys(parsed)).toEqual(['kabir-raghunathan', 'meera-iyer-kapoor']);
    expect(parsed['meera-iyer-kapoor'].links).toContainEqual({
      label: 'GitHub',
      url: 'https://github.com/meera',
      type: 'profile',
    });
    expect(parsed['kabir-raghunathan'].links).toEqual(teamPage.members[0]!.links);

    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await navigator.clipboard.readText()).toBe(snippet);
    expect(await screen.findByText('Copied', { selector: '[data-slot="toast"] *' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.every(([, init]) => (init?.method ?? 'GET') === 'GET')).toBe(true);
  });
});
