import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

function serviceCard(page: Page, name: string): Locator {
  return page.getByTestId('service-card').filter({ has: page.getByRole('heading', { name, exact: true }) });
}

const inquiry = {
  'Phone number': '+91 98765 43210',
  'Technical requirements': 'PDF briefs and a weekly call with the analyst.',
  'Data scope': 'Open sources, regional news and security feeds for Karnataka.',
  'Delivery timeframe': 'Within two weeks',
  'Business justification':
    'Our leadership travels often and we had two protest incidents near our sites this year.',
  'Intended use': 'Read by the security team to plan travel and site protection measures.',
  'Data handling': 'Stored in our encrypted document system, deleted after twelve months.',
  'Legal basis': 'Legitimate interest in protecting staff under our duty of care.',
};

describe('the digital services suite', () => {
  it('shows a signed-out visitor every service and sends them to sign in for access or an inquiry', async () => {
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/digital`);
    await serviceCard(page, 'Threat Intelligence Briefs').waitFor();
    expect(await page.getByTestId('service-card').count()).toBe(5);
    await page.getByTestId('locked-analytics-card').getByText('TIER 2 REQUIRED').waitFor();
    expect(await page.getByRole('heading', { name: 'My Inquiries' }).count()).toBe(0);

    await serviceCard(page, 'Threat Intelligence Briefs')
      .getByRole('button', { name: 'Submit Service Inquiry' })
      .click();
    await page.getByText('Please log in to submit service inquiries.').first().waitFor();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('returnTo')).toBe('/digital');

    // Small screens: one column, and no top-bar search (the search box is desktop only).
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/digital`);
    await serviceCard(page, 'Threat Intelligence Briefs').waitFor();
    expect(await page.getByRole('combobox', { name: 'Search' }).isVisible()).toBe(false);
    await page.screenshot({ path: artifact('digital-mobile.png') });
  });

  it('lets a member explore a demo, submit an inquiry and find it under My Inquiries', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'digital');
    await page.goto(`${e2e.server.url}/digital`);

    // Tier 1: threat and reputation are open; osint and risk (tier 2) and trend (tier 3) are classified.
    const threat = serviceCard(page, 'Threat Intelligence Briefs');
    await threat.waitFor();
    expect(
      await page.getByTestId('service-card').getByRole('heading', { level: 2 }).allTextContents(),
    ).toEqual([
      'Threat Intelligence Briefs',
      'Reputation Monitoring',
      'OSINT Subject Reports',
      'VIP Risk Assessment',
      'Strategic Trend Analysis',
    ]);
    expect(await threat.getByTestId('service-metric').count()).toBe(4);
    expect(await threat.getByTestId('service-capability').count()).toBe(2);
    await threat.getByText('+4 more').waitFor();
    expect(await threat.getByTestId('service-activity').count()).toBe(2);
    const osint = serviceCard(page, 'OSINT Subject Reports');
    await osint.getByText('CLASSIFIED').waitFor();
    expect(await osint.getByRole('link', { name: 'Request Tier 2 Access' }).getAttribute('href')).toBe(
      '/payments',
    );
    await serviceCard(page, 'Strategic Trend Analysis')
      .getByRole('link', { name: 'Request Tier 3 Access' })
      .waitFor();
    await page.getByTestId('locked-analytics-card').getByText('Advanced Analytics').waitFor();
    await page.getByText('No inquiries yet').waitFor();
    await page.screenshot({ path: artifact('digital.png'), fullPage: true });

    // The demo dashboard: figures, activities and a chart.
    await threat.getByRole('button', { name: 'View Demo' }).click();
    const demo = page.getByRole('dialog', { name: 'Threat Intelligence Briefs' });
    await demo.getByText('Open threats').waitFor();
    expect(await demo.getByTestId('demo-stat').count()).toBe(6);
    expect(await demo.getByTestId('demo-activity').count()).toBe(5);
    await demo.getByRole('figure', { name: 'Threats by category' }).locator('svg').first().waitFor();
    await page.screenshot({ path: artifact('digital-demo.png') });
    await demo.getByRole('region', { name: 'Analytics' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('digital-demo-analytics.png') });

    // The inquiry, from the demo: a too-short description first.
    await demo.getByRole('button', { name: 'Submit Service Inquiry' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit Service Inquiry' });
    const form = dialog.getByRole('form', { name: 'Service inquiry' });
    expect(await form.getByLabel('Service', { exact: true }).inputValue()).toBe('threat');
    expect(await form.getByLabel('Organization type').inputValue()).toBe('individual');
    expect(await form.getByLabel('Budget range').inputValue()).toBe('10k-25k');
    expect(await form.getByRole('radio', { name: 'Email' }).isChecked()).toBe(true);
    await form.getByLabel('Full name').fill('Dana Reyes');
    for (const [label, value] of Object.entries(inquiry)) await form.getByLabel(label).fill(value);
    await form.getByLabel('Service description').fill('Threat briefs, please.');
    for (const name of [/ethical clearance/, /data protection law/, /not be used to harass/]) {
      await form.getByRole('checkbox', { name }).check();
    }
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await form.getByText('Detailed service description is required (minimum 50 characters)').waitFor();
    await page.screenshot({ path: artifact('inquiry.png') });

    await form
      .getByLabel('Service description')
      .fill(
        'Weekly threat briefs for our Bengaluru and Pune offices, with travel advisories for executives.',
      );
    await form.getByRole('button', { name: 'Submit Inquiry' }).click();
    await page.getByText('Inquiry Submitted').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });

    const row = page.getByRole('region', { name: 'My Inquiries' }).getByTestId('inquiry-row');
    await row.getByText('Threat Intelligence Briefs').waitFor();
    await row.getByText('Received').waitFor();
    await row.getByText('10k – 25k').waitFor();
    const saved = (await (await page.request.get(`${e2e.server.url}/api/service-inquiries`)).json()) as {
      serviceId: string;
      status: string;
    }[];
    expect(saved).toEqual([expect.objectContaining({ serviceId: 'threat', status: 'received' })]);
  });

  it('finds equipment from the top-bar search and opens it', async () => {
    const page = await e2e.newPage();
    await e2e.signUp(page, 'digital');
    await page.goto(`${e2e.server.url}/digital`);
    await serviceCard(page, 'Threat Intelligence Briefs').waitFor();

    const search = page.getByRole('combobox', { name: 'Search' });
    await search.click();
    await page.getByTestId('search-panel').waitFor();
    await search.fill('faraday');
    const result = page.getByRole('option', { name: /Faraday Signal-Blocking Bag Set/ });
    await result.waitFor();
    await result.getByText('₹3,499').waitFor();
    await page.screenshot({ path: artifact('search.png') });

    // Arrow down to it, Enter to open it.
    const options = page.getByRole('listbox', { name: 'Search results' }).getByRole('option');
    const titles = await options.allTextContents();
    const index = titles.findIndex((title) => title.includes('Faraday Signal-Blocking Bag Set'));
    for (let step = 0; step <= index; step += 1) await search.press('ArrowDown');
    expect(await result.getAttribute('aria-selected')).toBe('true');
    await search.press('Enter');
    await page.waitForURL((url) => url.pathname.startsWith('/product/'));
    await page.getByRole('heading', { level: 1, name: 'Faraday Signal-Blocking Bag Set' }).waitFor();
    expect(await page.getByTestId('search-panel').count()).toBe(0);

    // The search is remembered for this session; nothing is found for nonsense.
    await search.click();
    await page
      .getByRole('group', { name: 'Recent searches' })
      .getByRole('option', { name: 'faraday' })
      .waitFor();
    await search.fill('zzqxj');
    await page.getByText('No results found for "zzqxj"').waitFor();

    // Typos are forgiven: a transposition, then two typos, find the thermal imager first.
    for (const typo of ['themral', 'thermla imagng']) {
      await search.fill(typo);
      const first = page.getByRole('listbox', { name: 'Search results' }).getByRole('option').first();
      await first.getByText('Thermal Imaging Monocular TX-35').waitFor();
      await page.locator('[role=listbox][aria-busy=false]').waitFor();
    }
    await page.screenshot({ path: artifact('search-typos.png') });
    await search.press('Escape');
    expect(await page.getByTestId('search-panel').count()).toBe(0);
  });
});
