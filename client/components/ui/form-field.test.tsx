import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormField, FormMessage, FormRow, SelectField, TextField } from '@/components/ui/form-field';

const tiers = [
  { id: 1, name: 'Bronze' },
  { id: 2, name: 'Silver' },
  { id: 3, name: 'Gold' },
] as const;

describe('SelectField', () => {
  it('labels the select and lists the options in order, with the given values and labels', () => {
    render(
      <SelectField
        label="Tier"
        name="tier"
        options={tiers}
        optionLabel={(tier) => tier.name}
        optionValue={(tier) => tier.id}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tier' });
    expect(select).toHaveAttribute('name', 'tier');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Bronze', 'Silver', 'Gold']);
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['1', '2', '3']);
    expect(select).toHaveAttribute('aria-invalid', 'false');
    expect(select).not.toHaveAttribute('aria-describedby');
  });

  it('uses a string option itself as its value, and puts children before the options', () => {
    render(
      <SelectField
        label="Category"
        options={['books', 'music']}
        optionLabel={(option) => option.toUpperCase()}
      >
        <option value="">Select a category</option>
      </SelectField>,
    );
    const options = screen.getAllByRole('option');
    expect(options.map((option) => [option.getAttribute('value'), option.textContent])).toEqual([
      ['', 'Select a category'],
      ['books', 'BOOKS'],
      ['music', 'MUSIC'],
    ]);
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('');
  });

  it('gives each option the title optionTitle makes, and none without it', () => {
    const { rerender } = render(
      <SelectField
        label="TLP"
        options={['red', 'green']}
        optionLabel={(o) => o}
        optionTitle={(o) => `TLP:${o.toUpperCase()}`}
      />,
    );
    expect(screen.getAllByRole('option').map((option) => option.getAttribute('title'))).toEqual([
      'TLP:RED',
      'TLP:GREEN',
    ]);
    rerender(<SelectField label="TLP" options={['red']} optionLabel={(o) => o} />);
    expect(screen.getByRole('option', { name: 'red' })).not.toHaveAttribute('title');
  });

  it('ties the hint to the select as its description while there is no error', () => {
    render(
      <SelectField label="Tier" hint="Pick the lowest that fits." options={['a']} optionLabel={(o) => o} />,
    );
    const select = screen.getByRole('combobox', { name: 'Tier' });
    expect(select).toHaveAccessibleDescription('Pick the lowest that fits.');
    expect(select).toHaveAttribute('aria-describedby', `${select.id}-hint`);
    expect(select).toHaveAttribute('aria-invalid', 'false');
  });

  it('with an error marks the select invalid, describes it by the error and hides the hint', () => {
    render(
      <SelectField
        label="Tier"
        hint="Pick the lowest that fits."
        error="Choose a tier"
        options={['a']}
        optionLabel={(o) => o}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Tier' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveAttribute('aria-describedby', `${select.id}-error`);
    expect(select).toHaveAccessibleDescription('Choose a tier');
    expect(screen.queryByText('Pick the lowest that fits.')).not.toBeInTheDocument();
    expect(screen.getByText('Choose a tier')).toHaveAttribute('data-slot', 'form-message');
  });

  it('passes select props on: onChange sees the chosen value, disabled disables it', async () => {
    const onChange = vi.fn((event: React.ChangeEvent<HTMLSelectElement>) => event.target.value);
    const { rerender } = render(
      <SelectField label="Tier" options={['bronze', 'gold']} optionLabel={(o) => o} onChange={onChange} />,
    );
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Tier' }), 'gold');
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange.mock.results[0]?.value).toBe('gold');
    rerender(<SelectField label="Tier" options={['bronze', 'gold']} optionLabel={(o) => o} disabled />);
    expect(screen.getByRole('combobox', { name: 'Tier' })).toBeDisabled();
  });

  it('two fields get distinct ids, each label naming its own select', () => {
    render(
      <>
        <SelectField label="From" options={['a']} optionLabel={(o) => o} />
        <SelectField label="To" options={['b']} optionLabel={(o) => o} error="Required" />
      </>,
    );
    const from = screen.getByRole('combobox', { name: 'From' });
    const to = screen.getByRole('combobox', { name: 'To' });
    expect(from.id).not.toBe(to.id);
    expect(from).toHaveAttribute('aria-invalid', 'false');
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(from).not.toHaveAccessibleDescription('Required');
  });
});

describe('TextField and FormMessage', () => {
  it('TextField wires label, hint and error the same way', () => {
    const { rerender } = render(<TextField label="Email" hint="We never share it." />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAccessibleDescription('We never share it.');
    rerender(<TextField label="Email" hint="We never share it." error="Invalid email" />);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid email');
  });

  it('FormMessage is an alert with its text, and renders nothing without one', () => {
    const { rerender } = render(<FormMessage>Could not save</FormMessage>);
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    rerender(<FormMessage>{undefined}</FormMessage>);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('FormRow', () => {
  it('puts fields side by side from the small breakpoint, each starting at the top of the row', () => {
    const { container, rerender } = render(
      <FormRow>
        <TextField label="City" />
        <TextField label="Organization" hint="Optional" />
      </FormRow>,
    );
    const row = container.querySelector('[data-slot="form-row"]')!;
    expect(row).toHaveClass('grid', 'sm:grid-cols-2', 'items-start');
    // A field's own grid does not spread a taller neighbour's height between its label and control: this is what
    // kept a field without a hint 12 px below its neighbour with one.
    for (const field of row.querySelectorAll('[data-slot="form-field"]'))
      expect(field).toHaveClass('content-start');
    rerender(
      <FormRow columns={3}>
        <TextField label="City" />
      </FormRow>,
    );
    expect(container.querySelector('[data-slot="form-row"]')).toHaveClass('sm:grid-cols-3');
  });
});

describe('FormField', () => {
  it("announces a server's message next to its field when asked, and only then", () => {
    const { rerender } = render(
      <FormField label="Code" error="Invalid verification code" announce>
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid verification code');
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Invalid verification code');
    rerender(
      <FormField label="Code" error="Required">
        {(control) => <input {...control} />}
      </FormField>,
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAccessibleDescription('Required');
  });
});
