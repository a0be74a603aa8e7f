import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ProductTaxForm } from '@/features/catalog/components/product-tax-form';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const PRODUCT = { id: '00000000-0000-4000-8000-000000000042', hsnCode: '8525', gstRate: '18' } as const;
const URL = `/api/products/${PRODUCT.id}`;

function renderForm() {
  const actor = userEvent.setup();
  renderWithProviders(<ProductTaxForm product={PRODUCT} />);
  const form = screen.getByRole('form', { name: 'Tax details' });
  return {
    actor,
    form,
    hsn: within(form).getByLabelText('HSN code'),
    rate: within(form).getByLabelText('GST rate'),
    save: within(form).getByRole('button', { name: 'Save Tax Details' }),
  };
}

describe("a Director's tax details form", () => {
  it('starts from the product, offers only the slabs in force, and saves both', async () => {
    const fetchMock = mockFetch(({ method, url, body }) =>
      method === 'PATCH' && url === URL ? { json: { ...PRODUCT, ...(body as object) } } : undefined,
    );
    const { actor, hsn, rate, save } = renderForm();
    expect(hsn).toHaveValue('8525');
    expect(rate).toHaveValue('18');
    expect(
      within(rate)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0 %', '0.25 %', '1.5 %', '3 %', '5 %', '18 %', '28 %', '40 %']);

    await actor.clear(hsn);
    await actor.type(hsn, '85258900');
    await actor.selectOptions(rate, '5');
    await actor.click(save);
    expect(await screen.findByText('Tax Details Saved')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === URL);
    expect(call?.[1]?.method).toBe('PATCH');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ hsnCode: '85258900', gstRate: '5' });
  });

  it('says in words what is wrong with an HSN code before anything is sent', async () => {
    const fetchMock = mockFetch(() => undefined);
    const { actor, hsn, save } = renderForm();
    for (const bad of ['852', '85251', '85AB']) {
      await actor.clear(hsn);
      await actor.type(hsn, bad);
      await actor.click(save);
      expect(await screen.findByText('HSN code must be 4, 6 or 8 digits')).toBeInTheDocument();
      expect(hsn).toHaveAttribute('aria-invalid', 'true');
    }
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);
  });

  it("puts the API's refusal on its field, and a Director's tier refusal over the form", async () => {
    let answer = {
      status: 400,
      json: {
        code: 'VALIDATION_FAILED',
        message: 'Validation failed',
        issues: [
          { path: 'gstRate', message: 'GST rate must be one of 0, 0.25, 1.5, 3, 5, 18, 28 or 40 percent' },
        ],
      },
    };
    mockFetch(({ method }) => (method === 'PATCH' ? answer : undefined));
    const { actor, rate, save } = renderForm();
    await actor.click(save);
    expect(
      await screen.findByText('GST rate must be one of 0, 0.25, 1.5, 3, 5, 18, 28 or 40 percent'),
    ).toBeInTheDocument();
    expect(rate).toHaveAttribute('aria-invalid', 'true');

    answer = {
      status: 403,
      json: { code: 'TIER_REQUIRED', message: 'Tier 4 access required', issues: [] },
    };
    await actor.click(save);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Tier 4 access required'));
  });
});
