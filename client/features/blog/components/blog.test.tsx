import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BlogList } from '@/features/blog/components/blog-list';
import { BlogPostPage } from '@/features/blog/components/blog-post-page';
import { lockedTier2Post, makePost, withContent } from '@/features/blog/test-fixtures';
import { mockFetch } from '@/test/fetch-mock';
import { renderWithProviders } from '@/test/render';

const publicPost = makePost();

function card(title: string) {
  return screen
    .getAllByTestId('blog-post-card')
    .find((element) => within(element).queryByRole('heading', { name: title }))!;
}

describe('the blog list', () => {
  it('links readable posts and shows locked ones, not as links, with the upgrade message', async () => {
    mockFetch(({ url }) =>
      url.startsWith('/api/blog') ? { json: [lockedTier2Post, publicPost] } : undefined,
    );
    renderWithProviders(<BlogList viewerTier={null} />);
    await screen.findAllByTestId('blog-post-card');

    const open = card(publicPost.title);
    expect(within(open).getByRole('link', { name: publicPost.title })).toHaveAttribute(
      'href',
      `/blog/${publicPost.id}`,
    );
    expect(within(open).getByText('PUBLIC')).toBeInTheDocument();
    expect(within(open).getByText('Kabir Raghunathan')).toBeInTheDocument();
    expect(within(open).getByText('6 min read')).toBeInTheDocument();
    expect(within(open).getByText('6,390 views')).toBeInTheDocument();
    expect(within(open).getByText('Feb 3, 2026')).toBeInTheDocument();
    expect(within(open).queryByText(/Upgrade to/)).not.toBeInTheDocument();

    const locked = card(lockedTier2Post.title);
    expect(within(locked).queryByRole('link')).not.toBeInTheDocument();
    expect(within(locked).getByText('Upgrade to TIER 2 for access')).toBeInTheDocument();
    expect(within(locked).getByText('TIER 2')).toBeInTheDocument();
    expect(locked).toHaveAttribute('data-locked', 'true');
  });

  it('filters by category: All and the five categories, the choice sent as ?category=', async () => {
    const fetchMock = mockFetch(({ url }) =>
      url.startsWith('/api/blog') ? { json: [publicPost] } : undefined,
    );
    const user = userEvent.setup();
    renderWithProviders(<BlogList viewerTier={1} />);
    const filter = screen.getByRole('group', { name: 'Filter by category' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual([
      'All',
      'Intelligence',
      'Operational Security',
      'Communications',
      'Digital Forensics',
      'Ethics & Legal',
    ]);
    expect(within(filter).getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/blog?tier=1', expect.anything()));

    await user.click(within(filter).getByRole('button', { name: 'Ethics & Legal' }));
    await waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/blog?category=Ethics+%26+Legal&tier=1', expect.anything()),
    );
    expect(within(filter).getByRole('button', { name: 'Ethics & Legal' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('says so when a category has no posts', async () => {
    mockFetch(({ url }) => (url.startsWith('/api/blog') ? { json: [] } : undefined));
    renderWithProviders(<BlogList viewerTier={null} />);
    expect(await screen.findByText('No briefings in this category yet.')).toBeInTheDocument();
  });
});

describe('the post page', () => {
  it('renders the Markdown body safely: no raw HTML, no script links', async () => {
    const content = [
      '## Before departure',
      '',
      'Check the **route** and [the advisory](https://example.com/advisory).',
      '',
      '<img src="x" onerror="alert(1)"><script>alert(2)</script>',
      '',
      '[click me](javascript:alert(3))',
      '',
      '- one',
      '- two',
    ].join('\n');
    mockFetch(({ url }) =>
      url === `/api/blog/${publicPost.id}` ? { json: withContent(publicPost, content) } : undefined,
    );
    renderWithProviders(<BlogPostPage postId={publicPost.id} viewerTier={null} />);

    expect(await screen.findByRole('heading', { level: 1, name: publicPost.title })).toBeInTheDocument();
    const body = screen.getByTestId('post-body');
    expect(within(body).getByRole('heading', { name: 'Before departure' })).toBeInTheDocument();
    expect(within(body).getByText('route').tagName).toBe('STRONG');
    expect(within(body).getByRole('link', { name: 'the advisory' })).toHaveAttribute(
      'href',
      'https://example.com/advisory',
    );
    expect(within(body).getAllByRole('listitem')).toHaveLength(2);
    expect(body.querySelector('img, script')).toBeNull();
    expect(body.innerHTML).not.toContain('onerror');
    expect(within(body).getByText('click me').getAttribute('href') ?? '').not.toContain('javascript');
    expect(screen.getByRole('link', { name: 'Back to Intel Blog' })).toHaveAttribute('href', '/blog');
  });

  it('shows the upgrade message for a 403 TIER_REQUIRED, not a crash', async () => {
    mockFetch(() => ({
      status: 403,
      json: { message: 'Tier 2 access required', code: 'TIER_REQUIRED', requiredTier: 2 },
    }));
    renderWithProviders(<BlogPostPage postId={lockedTier2Post.id} viewerTier={1} />);
    expect(await screen.findByText('Upgrade to TIER 2 for access')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Classified Briefing' })).toBeInTheDocument();
    expect(screen.queryByTestId('post-body')).not.toBeInTheDocument();
  });

  it('offers sign-in to an anonymous reader of a locked post', async () => {
    mockFetch(() => ({
      status: 403,
      json: { message: 'Tier 1 access required', code: 'TIER_REQUIRED', requiredTier: 1 },
    }));
    renderWithProviders(<BlogPostPage postId={lockedTier2Post.id} viewerTier={null} />);
    expect(await screen.findByText('Upgrade to TIER 1 for access')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      `/api/login?returnTo=%2Fblog%2F${lockedTier2Post.id}`,
    );
  });

  it('shows a not-found text for an unknown post', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<BlogPostPage postId="nope" viewerTier={null} />);
    expect(await screen.findByRole('heading', { name: 'Post Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Intel Blog' })).toHaveAttribute('href', '/blog');
  });
});
