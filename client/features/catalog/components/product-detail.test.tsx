import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProductDetail, Review } from '@contract/catalog';
import { AppRouter } from '@/app/router';
import { makeProductDetail, makeReview } from '@/test/catalog-fixtures';
import { mockFetch, testUser, type MockReply, type MockRequest } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

/** A signed-in tier-2 user looking at `product`; `api` may answer anything else. */
function serve(
  product: ProductDetail | null,
  reviews: Review[] = [],
  api: (request: MockRequest) => MockReply | undefined = () => undefined,
) {
  return mockFetch((request) => {
    const answer = api(request);
    if (answer) return answer;
    if (request.url === '/api/auth/user') return { json: testUser };
    if (request.url === '/api/cart') return { json: [] };
    if (product && request.url === `/api/products/${product.id}/reviews`) return { json: reviews };
    if (product && request.url === `/api/products/${product.id}`) return { json: product };
    return { status: 404, json: { message: 'Product not found', code: 'NOT_FOUND' } };
  });
}

function open(id: string) {
  const user = userEvent.setup();
  const rendered = renderWithProviders(<AppRouter />, { path: `/product/${id}` });
  return { user, ...rendered };
}

describe('product page', () => {
  it('shows "Product Not Found" with a way back for an unknown id', async () => {
    serve(null);
    open('no-such-product');
    expect(await screen.findByRole('heading', { name: 'Product Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
  });

  it('shows the breadcrumb, picture, tier, price, stock, and the specifications and details', async () => {
    const product = makeProductDetail({
      name: 'Professional RF Detector',
      price: '45999.00',
      minimumTier: 2,
      stockCount: 7,
      specifications: { 'Frequency range': '1 MHz - 8 GHz', Battery: '10 hours' },
    });
    serve(product);
    const { user } = open(product.id);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Professional RF Detector' }),
    ).toBeInTheDocument();
    const breadcrumb = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(within(breadcrumb).getByRole('link', { name: 'Marketplace' })).toHaveAttribute(
      'href',
      '/marketplace',
    );
    expect(within(breadcrumb).getByRole('link', { name: 'Counter-Surveillance' })).toHaveAttribute(
      'href',
      '/marketplace?category=counter-surveillance',
    );
    const main = screen.getByRole('main');
    expect(within(main).getAllByText('TIER 2').length).toBeGreaterThan(0);
    expect(within(main).getByText('₹45,999')).toBeInTheDocument();
    expect(within(main).getAllByText('LIMITED').length).toBeGreaterThan(0);
    expect(screen.queryByText('Access Restricted')).not.toBeInTheDocument();

    const specs = screen.getByRole('table', { name: 'Specifications of Professional RF Detector' });
    expect(within(specs).getByRole('rowheader', { name: 'Frequency range' })).toBeInTheDocument();
    expect(within(specs).getByRole('cell', { name: '1 MHz - 8 GHz' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Details' }));
    const details = screen.getByRole('tabpanel', { name: 'Details' });
    expect(within(details).getByText('Minimum tier')).toBeInTheDocument();
    expect(within(details).getByText('7 in stock')).toBeInTheDocument();
    expect(within(details).getByTestId('product-hsn')).toHaveTextContent('8543');
    expect(within(details).getByTestId('product-gst')).toHaveTextContent('18 %, included in the price');
    // Only Directors set them.
    expect(within(details).queryByRole('form', { name: 'Tax details' })).not.toBeInTheDocument();
  });

  it("gives a Director the form for the product's HSN code and GST rate on the Details tab", async () => {
    const product = makeProductDetail({ name: 'Body Armour Vest', hsnCode: '6307', gstRate: '5' });
    serve(product, [], (request) =>
      request.url === '/api/auth/user' ? { json: { ...testUser, tier: 4, effectiveTier: 4 } } : undefined,
    );
    const { user } = open(product.id);
    await screen.findByRole('heading', { level: 1, name: 'Body Armour Vest' });
    await user.click(screen.getByRole('tab', { name: 'Details' }));
    const form = within(screen.getByRole('tabpanel', { name: 'Details' })).getByRole('form', {
      name: 'Tax details',
    });
    expect(within(form).getByLabelText('HSN code')).toHaveValue('6307');
    expect(within(form).getByLabelText('GST rate')).toHaveValue('5');
  });

  it('shows the red "Access Restricted" box and a disabled button when the tier is too low', async () => {
    const product = makeProductDetail({ minimumTier: 3 });
    serve(product);
    open(product.id);
    expect(await screen.findByText('Access Restricted')).toBeInTheDocument();
    expect(screen.getByText(/requires TIER 3 clearance/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tier 3 Required' })).toBeDisabled();
  });

  it('turns a non-numeric quantity into 1', async () => {
    const product = makeProductDetail();
    serve(product);
    const { user } = open(product.id);
    const quantity = await screen.findByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, 'many');
    await user.tab();
    expect(quantity).toHaveValue('1');
  });

  it('lists reviews with their stars, the average and the count', async () => {
    const product = makeProductDetail({ averageRating: 4.5, reviewCount: 2 });
    serve(product, [
      makeReview({ rating: 5, body: 'Swept a boardroom in ten minutes.', authorName: 'Asha K.' }),
      makeReview({ rating: 4, body: 'Solid, a little heavy.', authorName: 'Verified buyer' }),
    ]);
    const { user } = open(product.id);
    await user.click(await screen.findByRole('tab', { name: 'Reviews (2)' }));
    const panel = screen.getByRole('tabpanel');
    expect(within(panel).getByText('4.5')).toBeInTheDocument();
    expect(within(panel).getByText('2 reviews')).toBeInTheDocument();
    const list = await within(panel).findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(list).getByText('Asha K.')).toBeInTheDocument();
    expect(within(panel).queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument();
  });

  it('lets a buyer post a review, checked by the API schema, then reads reviews and product again', async () => {
    let product = makeProductDetail({ canReview: true });
    let reviews: Review[] = [];
    const fetchMock = serve(product, reviews, (request) => {
      if (request.url === `/api/products/${product.id}/reviews` && request.method === 'GET')
        return { json: reviews };
      if (request.url === `/api/products/${product.id}`) return { json: product };
      if (request.method === 'POST') {
        const body = request.body as { rating: number; body: string };
        reviews = [makeReview({ ...body, authorName: 'Dana R.' })];
        product = { ...product, canReview: false, averageRating: body.rating, reviewCount: 1 };
        return { status: 201, json: reviews[0] };
      }
      return undefined;
    });
    const { user } = open(product.id);
    await user.click(await screen.findByRole('tab', { name: 'Reviews (0)' }));
    expect(await screen.findByText('No reviews yet')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Write a review' });

    await user.type(within(form).getByLabelText('Your review'), 'Too short');
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(await within(form).findByText('Rating must be between 1 and 5')).toBeInTheDocument();
    expect(within(form).getByText('Review must be at least 10 characters')).toBeInTheDocument();

    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Your review'), ' but now long enough.');
    await user.click(within(form).getByRole('button', { name: 'Post Review' }));
    expect(await screen.findByText('Review Posted')).toBeInTheDocument();

    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe(`/api/products/${product.id}/reviews`);
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      rating: 4,
      body: 'Too short but now long enough.',
    });
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Write a review' })).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('tab', { name: 'Reviews (1)' })).toBeInTheDocument();
    expect(screen.getByText('Dana R.')).toBeInTheDocument();
  });
});
