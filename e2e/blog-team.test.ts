import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

function postCard(page: Page, title: string): Locator {
  return page
    .getByTestId('blog-post-card')
    .filter({ has: page.getByRole('heading', { name: title, exact: true }) });
}

describe('the intelligence blog', () => {
  it('lets an anonymous visitor read a PUBLIC post and shows TIER_2 posts locked', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/blog`);

    // A TIER_2 briefing: listed with its excerpt, not a link, and says which tier opens it.
    const locked = postCard(page, 'Cloud Audit Logs as Evidence');
    await locked.waitFor();
    await locked.getByText('Upgrade to TIER 2 for access').waitFor();
    expect(await locked.getByRole('link').count()).toBe(0);
    expect(await page.getByTestId('blog-post-card').count()).toBe(15);
    await page.screenshot({ path: artifact('blog.png'), fullPage: true });

    // The category filter.
    await page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: 'Communications' })
      .click();
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid="blog-post-card"]').length === 3,
    );
    const categories = await page.getByTestId('blog-post-card').locator('header p').allTextContents();
    expect(new Set(categories)).toEqual(new Set(['Communications']));
    await page
      .getByRole('group', { name: 'Filter by category' })
      .getByRole('button', { name: 'All' })
      .click();

    // A PUBLIC briefing opens, its Markdown rendered, and its view counted.
    const open = postCard(page, 'Travel Security Checklist for Executives');
    const views = Number((await open.getByTestId('post-views').textContent())!.replace(/\D/g, ''));
    await open.getByRole('link', { name: 'Travel Security Checklist for Executives' }).click();
    await page.waitForURL((url) => url.pathname.startsWith('/blog/'));
    await page.getByRole('heading', { level: 1, name: 'Travel Security Checklist for Executives' }).waitFor();
    const body = page.getByTestId('post-body');
    expect(await body.getByRole('heading', { level: 2 }).count()).toBeGreaterThan(0);
    expect(await page.getByTestId('post-views').textContent()).toBe(
      `${(views + 1).toLocaleString('en-US')} views`,
    );
    await page.screenshot({ path: artifact('blog-post.png'), fullPage: true });

    await page.getByRole('link', { name: 'Back to Intel Blog' }).click();
    await page.waitForURL((url) => url.pathname === '/blog');
    await postCard(page, 'Cloud Audit Logs as Evidence').waitFor();
  });

  it('shows the upgrade message at the address of a locked post and not-found for an unknown one', async () => {
    const page = await e2e.newPage({ expectedErrors: [/403/, /404/] });
    const list = (await (await page.request.get(`${e2e.server.url}/api/blog`)).json()) as {
      id: string;
      classification: string;
    }[];
    const tier2 = list.find((post) => post.classification === 'TIER_2')!;
    await page.goto(`${e2e.server.url}/blog/${tier2.id}`);
    await page.getByRole('heading', { name: 'Classified Briefing' }).waitFor();
    await page.getByText('Upgrade to TIER 2 for access').waitFor();
    expect(await page.getByTestId('post-body').count()).toBe(0);
    await page.screenshot({ path: artifact('blog-locked.png') });

    await page.goto(`${e2e.server.url}/blog/not-a-post`);
    await page.getByRole('heading', { name: 'Post Not Found' }).waitFor();
  });
});

describe('the team page', () => {
  it('shows both personnel dossiers dated today, the advisors and the notice', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/team`);
    const dossiers = page.getByTestId('personnel-dossier');
    await dossiers.first().waitFor();
    expect(await dossiers.count()).toBe(2);
    await dossiers.getByRole('heading', { name: 'Kabir Raghunathan' }).waitFor();
    await dossiers.getByRole('heading', { name: 'Dr. Meera Iyer-Kapoor' }).waitFor();
    const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
    for (const text of await dossiers.locator('footer').allTextContents()) {
      expect(text).toBe(`Last updated: ${today}`);
    }
    expect(await dossiers.first().getByTestId('dossier-link').getByText('Verified').count()).toBe(4);
    expect(await page.getByTestId('advisor').count()).toBe(3);
    await page.getByRole('complementary', { name: 'Classification notice' }).waitFor();
    await page.screenshot({ path: artifact('team.png'), fullPage: true });
  });
});

describe('the team link form', () => {
  it('rejects a bad URL, then generates a snippet and copies it', async () => {
    const page = await e2e.newPage({ clipboard: true });
    await page.goto(`${e2e.server.url}/admin/link-form`);
    const meera = page.getByTestId('member-links').filter({ hasText: 'Dr. Meera Iyer-Kapoor' });
    await meera.waitFor();
    expect(await meera.getByRole('textbox').count()).toBe(11);

    await meera.getByLabel('ORCID').fill('orcid 0000-0002');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await meera.getByText('Please enter a valid URL').waitFor();
    expect(await page.getByTestId('links-snippet').count()).toBe(0);

    await meera.getByLabel('ORCID').fill('https://orcid.org/0000-0002-1825-0097');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await page.locator('[data-slot="toast"]').getByText('Code Generated', { exact: true }).waitFor();
    const snippet = (await page.getByTestId('links-snippet').textContent())!;
    const parsed = JSON.parse(snippet) as Record<
      string,
      { links: { label: string; url: string; type: string }[] }
    >;
    expect(Object.keys(parsed)).toEqual(['kabir-raghunathan', 'meera-iyer-kapoor']);
    expect(parsed['meera-iyer-kapoor']!.links).toContainEqual({
      label: 'ORCID',
      url: 'https://orcid.org/0000-0002-1825-0097',
      type: 'profile',
    });
    expect(parsed['kabir-raghunathan']!.links).toHaveLength(4);

    await page.getByRole('button', { name: 'Copy to clipboard' }).click();
    await page.locator('[data-slot="toast"]').getByText('Copied', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(snippet);
    await page.screenshot({ path: artifact('admin-link-form.png'), fullPage: true });
  });
});
