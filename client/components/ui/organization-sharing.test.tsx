import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ShareWithOrganizationField, VisibilityFilter } from '@/components/ui/organization-sharing';

describe('sharing with the organisation', () => {
  it('checks the box for a shared record and hands back the visibility it stands for', async () => {
    const onChange = vi.fn();
    const { rerender } = render(
      <ShareWithOrganizationField
        organizationName="Northwind Traders"
        visibility={undefined}
        onChange={onChange}
      />,
    );
    const box = screen.getByLabelText('Shared with my organisation (Northwind Traders)');
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith('organization');

    rerender(
      <ShareWithOrganizationField
        organizationName="Northwind Traders"
        visibility="organization"
        onChange={onChange}
      />,
    );
    expect(box).toBeChecked();
    await userEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith('private');
  });

  it("names the list's records in the filter and hands back the kind chosen, or '' for all", async () => {
    const onChange = vi.fn();
    render(<VisibilityFilter noun="requests" value="" onChange={onChange} />);
    const filter = screen.getByRole('combobox', { name: 'Show requests' });
    expect(screen.getByRole('option', { name: 'All my requests and shared ones' })).toBeInTheDocument();
    await userEvent.selectOptions(filter, 'Private to me');
    expect(onChange).toHaveBeenLastCalledWith('private');
    await userEvent.selectOptions(filter, 'Shared with my organisation');
    expect(onChange).toHaveBeenLastCalledWith('organization');
  });
});
