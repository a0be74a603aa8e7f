import { mkdir, rm } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReviewCounts } from '../contract/review.js';
import { artifact, ARTIFACTS, expectNoSidewaysScroll } from './support/browser.js';
import { useHarness } from './support/harness.js';

/**
 * Browser coverage of every client route (issue 10, point 4; the screens are in docs/product.md): each route
 * signed out and signed in at tiers 1, 2 and 4, the texts each screen must show, who may reach it and use what, the
 * navigation bar and the mobile menu. The harness fails a test on any console error. A full-page screenshot of
 * each (route, role) lands in e2e/artifacts/<role>/, and one of the navigation itself and of each screen reached by
 * clicking, at both widths, in e2e/artifacts/.
 */
const e2e = useHarness();
const PAGE_SIZE = 24;
const UNKNOWN_PATH = '/no-such-page';

interface Viewer {
  role: 'signed-out' | 'tier-1' | 'tier-2' | 'tier-4';
  /** null: signed out. */
  tier: number | null;
}

/** What the public API serves, read once: the screens' expectations are worked out from it. */
interface Catalogue {
  products: { id: string; name: string; minimumTier: number; inStock: boolean }[];
  services: { name: string; minimumTier: number }[];
  posts: { title: string; classification: 'PUBLIC' | 'TIER_1' | 'TIER_2' }[];
  /** An in-stock TIER 2 product: restricted at tier 1, open from tier 2. */
  product: { id: string; name: string; minimumTier: number };
}

interface Screen {
  /** The screenshot's file name. */
  name: string;
  path: (catalogue: Catalogue) => string;
  /** True for a member route: signed-out visitors get the not-found page there. */
  memberOnly: boolean;
  /** The screen as it first renders; the screenshot is taken right after. */
  check: (page: Page, viewer: Viewer, catalogue: Catalogue) => Promise<void>;
  /** Tabs and the like, opened after the screenshot. */
  explore?: (page: Page, viewer: Viewer, catalogue: Catalogue) => Promise<void>;
}

const signedIn = (viewer: Viewer): viewer is Viewer & { tier: number } => viewer.tier !== null;
const director = (viewer: Viewer) => (viewer.tier ?? 0) >= 4;

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { level: 1, name, exact: typeof name === 'string' }).waitFor();
}

/** The names of the page's first tab list (the page's own tabs). */
async function tabNames(page: Page): Promise<string[]> {
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await tabs.first().waitFor();
  return (await tabs.allTextContents()).map((text) => text.trim());
}

async function linkHref(scope: Locator, name: string) {
  return scope.getByRole('link', { name, exact: true }).getAttribute('href');
}

/** The sixteen main routes (eight public pages, eight member pages), with the texts each screen must show. */
const screens: readonly Screen[] = [
  {
    name: 'home',
    path: () => '/',
    memberOnly: false,
    async check(page, viewer) {
      const main = page.getByRole('main');
      if (!signedIn(viewer)) {
        // The landing page: three hero buttons and two cards.
        await main.getByRole('link', { name: 'Access Digital Services' }).waitFor();
        expect(await linkHref(main, 'Access Digital Services')).toBe('/digital');
        expect(await linkHref(main, 'Browse Marketplace')).toBe('/marketplace');
        expect(await linkHref(main, 'Investigations')).toBe('/investigations');
        await main.getByText('Digital Intelligence Hub', { exact: true }).waitFor();
        expect(await linkHref(main, 'Access Digital Tools')).toBe('/digital');
        await main.getByText('Tactical Marketplace', { exact: true }).waitFor();
        expect(await linkHref(main, 'Browse Catalog')).toBe('/marketplace');
      } else {
        // A different home screen once signed in.
        await heading(page, /^Welcome back/);
        expect(await main.getByRole('link', { name: 'Access Digital Services' }).count()).toBe(0);
      }
      // The footer.
      const footer = page.getByRole('contentinfo');
      expect(await linkHref(footer, 'Privacy Policy')).toBe('/privacy');
      expect(await linkHref(footer, 'Terms of Service')).toBe('/terms');
      expect(await linkHref(footer, 'Security')).toBe('/security');
      expect(await linkHref(footer, 'Services')).toBe('/digital');
      // The dashboard is for members: a signed-out visitor signs in first.
      expect(await linkHref(footer, 'Support')).toBe(
        signedIn(viewer) ? '/dashboard' : '/login?returnTo=%2Fdashboard',
      );
      await footer.getByText(`© ${new Date().getFullYear()} Intel Portal. All rights reserved.`).waitFor();
    },
  },
  {
    name: 'digital',
    path: () => '/digital',
    memberOnly: false,
    async check(page, viewer, { services }) {
      await heading(page, 'Digital Intelligence Services');
      await page.getByTestId('service-card').first().waitFor();
      // A service is usable from its minimum tier. A visitor is shown what a new account (tier 1) sees.
      const tier = viewer.tier ?? 1;
      const cards = await page.getByTestId('service-card').evaluateAll((elements) =>
        elements.map((card) => ({
          name: card.querySelector('h2')?.textContent?.trim() ?? '',
          classified: card
            .querySelector('[data-testid="classified-panel"]')
            ?.textContent?.includes('CLASSIFIED'),
          actions: [...card.querySelectorAll('footer a, footer button')].map((action) =>
            action.textContent?.trim(),
          ),
        })),
      );
      expect(cards.map((card) => card.name).sort()).toEqual(services.map((service) => service.name).sort());
      for (const service of services) {
        const usable = tier >= service.minimumTier;
        expect(cards.find((card) => card.name === service.name)).toEqual({
          name: service.name,
          classified: usable ? undefined : true,
          actions: usable
            ? ['View Demo', 'Submit Service Inquiry']
            : [`Request Tier ${service.minimumTier} Access`],
        });
      }
      // The locked 'Advanced Analytics / TIER 2 REQUIRED' placeholder, below tier 2 only.
      const analytics = page.getByTestId('locked-analytics-card');
      if (tier < 2) {
        await analytics.getByRole('heading', { name: 'Advanced Analytics' }).waitFor();
        await analytics.getByText('TIER 2 REQUIRED', { exact: true }).waitFor();
      } else {
        expect(await analytics.count()).toBe(0);
      }
    },
  },
  {
    name: 'marketplace',
    path: () => '/marketplace',
    memberOnly: false,
    async check(page, viewer, { products }) {
      await heading(page, 'Tactical Marketplace');
      await page.getByText(`${products.length} items found`, { exact: true }).waitFor();
      await page.getByTestId('product-card').first().waitFor();
      // Each card's add button, labelled by access and stock: the name, then the last control of the card.
      const cards = await page.getByTestId('product-card').evaluateAll((elements) =>
        elements.map((card) => ({
          name: card.querySelector('h2')?.textContent?.trim() ?? '',
          action: [...card.querySelectorAll('a, button')].at(-1)?.textContent?.trim() ?? '',
        })),
      );
      expect(cards).toHaveLength(Math.min(PAGE_SIZE, products.length));
      const expected = (product: Catalogue['products'][number]) => {
        if (!signedIn(viewer)) return 'Add to Cart';
        if (viewer.tier < product.minimumTier) return `Tier ${product.minimumTier} Required`;
        return product.inStock ? 'Add to Cart' : 'Notify When Available';
      };
      for (const card of cards) {
        const product = products.find((candidate) => candidate.name === card.name);
        expect(product, card.name).toBeDefined();
        expect(card.action, card.name).toBe(expected(product!));
      }
      // The seed has products above tiers 1 and 2: those tiers see the gate on some card.
      if (viewer.tier === 1) expect(cards.some((card) => card.action === 'Tier 2 Required')).toBe(true);
    },
  },
  {
    name: 'investigations',
    path: () => '/investigations',
    memberOnly: false,
    async check(page, viewer) {
      await heading(page, 'Investigation Services');
      const services = page.getByTestId('investigation-service');
      await services.first().waitFor();
      expect(await services.count()).toBe(7);
      // The request button and the user's list for signed-in users only.
      const request = page.getByRole('button', { name: 'Request Investigation', exact: true });
      const mine = page.getByRole('heading', { name: 'My Investigation Requests' });
      if (signedIn(viewer)) {
        await request.waitFor();
        await mine.waitFor();
        await page.getByRole('button', { name: 'Submit Your First Request' }).waitFor();
      } else {
        expect(await request.count()).toBe(0);
        expect(await mine.count()).toBe(0);
      }
    },
  },
  {
    name: 'blog',
    path: () => '/blog',
    memberOnly: false,
    async check(page, viewer, { posts }) {
      await heading(page, 'Intelligence Briefings');
      const cards = page.getByTestId('blog-post-card');
      await cards.first().waitFor();
      expect(await cards.count()).toBe(posts.length);
      // PUBLIC for anyone, TIER_n from tier n; the rest show 'Upgrade to TIER n for access'.
      const requiredTier = (post: Catalogue['posts'][number]) =>
        post.classification === 'PUBLIC' ? 0 : Number(post.classification.slice('TIER_'.length));
      const locked = posts.filter(
        (post) => requiredTier(post) > 0 && (viewer.tier === null || viewer.tier < requiredTier(post)),
      );
      expect(await page.locator('[data-testid="blog-post-card"][data-locked]').count()).toBe(locked.length);
      for (const n of [1, 2])
        expect(await page.getByText(`Upgrade to TIER ${n} for access`, { exact: true }).count()).toBe(
          locked.filter((post) => requiredTier(post) === n).length,
        );
    },
  },
  {
    name: 'secure-channel',
    path: () => '/secure-channel',
    memberOnly: false,
    async check(page) {
      await heading(page, 'Secure Channel Request');
      const form = page.getByRole('form', { name: 'Secure channel request' });
      await form.waitFor();
      // Required fields carry an asterisk; organization and compliance requirements are optional.
      const fields = await form.locator('label').evaluateAll((labels) =>
        labels.map((label) => {
          const control = document.getElementById(label.getAttribute('for') ?? '');
          return {
            label: label.textContent?.replace(/\s*\*\s*$/, '').trim() ?? '',
            asterisk: /\*\s*$/.test(label.textContent ?? ''),
            required: control?.getAttribute('aria-required') === 'true',
          };
        }),
      );
      const required = [
        'Full legal name',
        'Email address',
        'Secure contact number',
        'Security clearance level',
        'Access purpose',
        'Operational need',
        'Reference contact',
        'Emergency contact',
        'Encryption level',
        'Communication frequency',
        'Data classification',
      ];
      for (const label of required)
        expect(
          fields.find((field) => field.label === label),
          label,
        ).toMatchObject({
          asterisk: true,
          required: true,
        });
      for (const label of ['Organization', 'Compliance requirements'])
        expect(
          fields.find((field) => field.label === label),
          label,
        ).toMatchObject({
          asterisk: false,
          required: false,
        });
      await form.getByRole('button', { name: 'Submit for Security Review' }).waitFor();
      await page
        .getByRole('complementary', { name: 'Security notice' })
        .getByText(/permanent denial/)
        .waitFor();
    },
  },
  {
    name: 'team',
    path: () => '/team',
    memberOnly: false,
    async check(page) {
      await heading(page, 'Leadership Team');
      const dossiers = page.getByTestId('personnel-dossier');
      await dossiers.first().waitFor();
      expect(await dossiers.count()).toBe(2);
      await dossiers.getByRole('heading', { name: 'Kabir Raghunathan' }).waitFor();
      await dossiers.getByRole('heading', { name: 'Dr. Meera Iyer-Kapoor' }).waitFor();
      const today = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date());
      expect(await dossiers.getByText(`Last updated: ${today}`).count()).toBe(2);
      await page.getByRole('heading', { name: 'Strategic Advisors' }).waitFor();
      expect(await page.getByTestId('advisor').count()).toBe(3);
      await page.getByRole('complementary', { name: 'Classification notice' }).waitFor();
    },
  },
  {
    name: 'admin-link-form',
    path: () => '/admin/link-form',
    memberOnly: false,
    async check(page) {
      await heading(page, 'Team Link Form');
      // Eleven optional URL fields for each of the two team members.
      const members = page.getByTestId('member-links');
      await members.first().waitFor();
      expect(await members.count()).toBe(2);
      for (const member of await members.all()) {
        const fields = member.getByRole('textbox');
        expect(await fields.count()).toBe(11);
        expect(await member.locator('input[required], input[aria-required="true"]').count()).toBe(0);
        expect(
          await fields.evaluateAll((inputs) => inputs.map((input) => input.getAttribute('type'))),
        ).toEqual(Array(11).fill('url'));
      }
      await page.getByRole('button', { name: 'Generate Code' }).waitFor();
    },
  },
  {
    name: 'dashboard',
    path: () => '/dashboard',
    memberOnly: true,
    async check(page, viewer) {
      await heading(page, 'Mission Control');
      // Mission Control: tier badge and security level ('MAXIMUM' from tier 2, 'ELEVATED' below).
      expect(await page.getByTestId('dashboard-tier').textContent()).toBe(`TIER ${viewer.tier}`);
      expect(await page.getByTestId('security-level').textContent()).toBe(
        `Security level: ${viewer.tier! >= 2 ? 'MAXIMUM' : 'ELEVATED'}`,
      );
      for (const name of ['Mission Status', 'Recent Activity', 'Quick Actions', 'Equipment Cart'])
        await page.getByRole('region', { name }).waitFor();
      // The upgrade dialog's button: nothing to buy at the top tier.
      const upgrade = page.getByRole('button', { name: 'Upgrade Tier' });
      if (director(viewer)) expect(await upgrade.count()).toBe(0);
      else await upgrade.waitFor();
    },
  },
  {
    name: 'vendor',
    path: () => '/vendor',
    memberOnly: true,
    async check(page) {
      await heading(page, 'Vendor Portal');
      // The vendor portal: inventory, application status and 'Add Product'.
      await page.getByRole('heading', { name: 'Product Inventory' }).waitFor();
      await page.getByRole('heading', { name: 'Application Status' }).waitFor();
      await page.getByRole('button', { name: 'Add Product' }).waitFor();
    },
  },
  {
    name: 'product',
    path: ({ product }) => `/product/${product.id}`,
    memberOnly: true,
    async check(page, viewer, { product }) {
      await heading(page, product.name);
      const main = page.getByRole('main');
      // The product page: breadcrumb, tier badge, the three tabs, the red box when the tier is too low.
      expect(await linkHref(main.getByRole('navigation', { name: 'Breadcrumb' }), 'Marketplace')).toBe(
        '/marketplace',
      );
      await main.getByText(`TIER ${product.minimumTier}`, { exact: true }).first().waitFor();
      expect(await tabNames(page)).toEqual(['Specifications', 'Details', expect.stringMatching(/^Reviews/)]);
      const restricted = main.getByText('Access Restricted', { exact: true });
      const tooLow = viewer.tier! < product.minimumTier;
      const add = main.getByRole('button', {
        name: tooLow ? `Tier ${product.minimumTier} Required` : 'Add to Cart',
      });
      await add.waitFor();
      expect(await add.isDisabled()).toBe(tooLow);
      if (tooLow) await restricted.waitFor();
      else expect(await restricted.count()).toBe(0);
    },
  },
  {
    name: 'settings',
    path: () => '/settings',
    memberOnly: true,
    async check(page, viewer) {
      await heading(page, 'Settings');
      // Settings: five tabs, Analytics disabled below tier 4.
      expect(await tabNames(page)).toEqual(['Security', 'Profile', 'Analytics', 'Preferences', 'Privacy']);
      expect(await page.getByRole('tab', { name: 'Analytics' }).isDisabled()).toBe(!director(viewer));
      expect(await page.getByTestId('mfa-status').textContent()).toBe('Inactive');
    },
    async explore(page, viewer) {
      await page.getByRole('tab', { name: 'Profile' }).click();
      const panel = page.getByRole('tabpanel', { name: 'Profile' });
      for (const label of ['User ID', 'Email', 'Access tier', 'Member since'])
        await panel.getByText(label, { exact: true }).waitFor();
      await panel.getByText(`TIER ${viewer.tier}`, { exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Preferences' }).click();
      await page
        .getByRole('tabpanel', { name: 'Preferences' })
        .getByRole('switch', { name: 'E-mail for security alerts' })
        .waitFor();

      if (director(viewer)) {
        // The analytics dashboard: four stat cards and four tabs.
        await page.getByRole('tab', { name: 'Analytics' }).click();
        const analytics = page.getByRole('tabpanel', { name: 'Analytics' });
        for (const label of ['Total users', 'Active sessions', 'Page views', 'Revenue'])
          await analytics.getByText(label, { exact: true }).first().waitFor();
        const tabs = analytics.getByRole('tablist').getByRole('tab');
        expect((await tabs.allTextContents()).map((text) => text.trim())).toEqual([
          'Activity',
          'Security',
          'Business',
          expect.stringMatching(/^Search/),
        ]);
        expect(await page.getByText('Analytics access requires Tier 4 clearance or higher.').count()).toBe(0);
      } else {
        // The tab cannot be clicked; its address shows what it would hold.
        await page.goto(`${e2e.server.url}/settings?tab=analytics`);
        await page.getByText('Analytics access requires Tier 4 clearance or higher.').waitFor();
      }
    },
  },
  {
    name: 'cases',
    path: () => '/cases',
    memberOnly: true,
    async check(page, viewer) {
      await heading(page, 'Cases');
      // Cases: a new user's empty state; a Director opens on the queue of new and unassigned cases instead.
      await page.getByText('No cases found', { exact: true }).waitFor();
      if (director(viewer)) {
        await page.getByText('Every open case has an agent: nothing waits to be picked up.').waitFor();
      } else {
        await page.getByText("You haven't created any cases yet.", { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Create Your First Case' }).waitFor();
      }
      await page.getByRole('button', { name: 'New Case' }).waitFor();
      expect(await tabNames(page)).toEqual(
        director(viewer)
          ? ['New & unassigned', 'Assigned to me', 'All cases', 'My tasks', 'My own cases', 'Templates']
          : ['My Cases'],
      );
    },
  },
  {
    name: 'payments',
    path: () => '/payments',
    memberOnly: true,
    async check(page) {
      await heading(page, 'Payments');
      // Payments: three tabs (Directors also approve payments in a fourth).
      expect((await tabNames(page)).slice(0, 3)).toEqual(['Subscription', 'Payment History', 'Tier Upgrade']);
      await page.getByText('No Active Subscription', { exact: true }).waitFor();
      await page.getByRole('button', { name: 'Explore Tiers' }).waitFor();
    },
    async explore(page, viewer) {
      await page.getByRole('tab', { name: 'Payment History' }).click();
      await page.getByText('No Payment History', { exact: true }).waitFor();

      await page.getByRole('tab', { name: 'Tier Upgrade' }).click();
      await page.getByRole('button', { name: 'Yearly (Save 17%)' }).waitFor();
      const cards = page.getByTestId('tier-card');
      await cards.first().waitFor();
      // 'Current Tier', disabled, on every tier the user holds or exceeds.
      const buttons = await cards.evaluateAll((elements) =>
        elements.map((card) => {
          const button = card.querySelector('button');
          return {
            tier: Number(/TIER (\d)/.exec(card.textContent ?? '')?.[1]),
            label: button?.textContent?.trim(),
            disabled: button?.disabled,
          };
        }),
      );
      expect(buttons.map((card) => card.tier)).toEqual([2, 3, 4]);
      for (const card of buttons) {
        const held = viewer.tier! >= card.tier;
        expect(card, `tier ${card.tier}`).toEqual({
          tier: card.tier,
          label: held ? 'Current Tier' : 'Upgrade',
          disabled: held,
        });
      }
    },
  },
  {
    name: 'mobile',
    path: () => '/mobile',
    memberOnly: true,
    // The tab contents are still being built: the heading and the tab names only.
    async check(page) {
      await heading(page, 'Mobile & Integrations');
      expect(await tabNames(page)).toEqual(['Mobile Devices', 'API Keys', 'Integrations', 'QR Codes']);
    },
  },
  {
    name: 'ai',
    path: () => '/ai',
    memberOnly: true,
    // The tab contents are still being built: the heading and the tab names only.
    async check(page, viewer) {
      await heading(page, 'AI & Enterprise');
      expect(await tabNames(page)).toEqual([
        'AI Analysis',
        'Threat Intelligence',
        'Automation',
        ...(director(viewer) ? ['Enterprise'] : []),
        'Bulk Operations',
      ]);
    },
  },
  {
    name: 'audit',
    path: () => '/audit',
    memberOnly: true,
    async check(page, viewer) {
      await heading(page, 'Audit Trail');
      // Directors read the trail (their own sign-up and sign-in at least); everyone else is told what it takes.
      const forbidden = page.getByText('Audit trail access requires Tier 4 clearance or higher.');
      if (director(viewer)) {
        await page.getByRole('form', { name: 'Audit filters' }).waitFor();
        await page.getByTestId('audit-event').first().waitFor();
        expect(await forbidden.count()).toBe(0);
      } else {
        await forbidden.waitFor();
        expect(await page.getByRole('form', { name: 'Audit filters' }).count()).toBe(0);
      }
    },
  },
  // The footer's pages, for everyone.
  ...(
    [
      ['privacy', '/privacy', 'Privacy Policy', 'Your rights'],
      ['terms', '/terms', 'Terms of Service', 'Lawful use only'],
      ['security', '/security', 'Security', 'Reporting a vulnerability'],
    ] as const
  ).map(([name, route, title, section]): Screen => ({
    name,
    path: () => route,
    memberOnly: false,
    async check(page) {
      await heading(page, title);
      await page.getByRole('main').getByRole('heading', { level: 2, name: section }).waitFor();
    },
  })),
];

/** The navigation links (by sign-in) and the tier badge, checked on every page. */
async function checkNav(page: Page, viewer: Viewer) {
  const links = await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents();
  const expected = ['Home', 'Digital Services', 'Marketplace', 'Investigations', 'Intel Blog', 'Team'];
  expect(links).toEqual(signedIn(viewer) ? [...expected, 'Dashboard', 'Vendor', 'Settings'] : expected);
  const badges = await page
    .getByRole('banner')
    .getByText(/^TIER \d$/)
    .allTextContents();
  expect(badges).toEqual(signedIn(viewer) ? [`TIER ${viewer.tier}`] : []);
}

/** The account controls of the top bar and the floating cart (the same on every page). */
async function checkAccountControls(page: Page, viewer: Viewer) {
  const banner = page.getByRole('banner');
  const requestAccess = banner.getByRole('link', { name: 'Request Access' });
  const logout = banner.getByRole('link', { name: 'Logout' });
  const floatingCart = page.getByRole('button', { name: /^Open shopping cart/ });
  if (signedIn(viewer)) {
    expect(await logout.getAttribute('href')).toBe('/api/logout');
    expect(await banner.getByRole('link', { name: /^Cart/ }).getAttribute('href')).toBe('/marketplace');
    await banner.getByRole('button', { name: /^Notifications/ }).waitFor();
    await floatingCart.waitFor();
    expect(await requestAccess.count()).toBe(0);
  } else {
    expect(await requestAccess.getAttribute('href')).toBe('/api/login');
    expect(await logout.count()).toBe(0);
    expect(await floatingCart.count()).toBe(0);
  }
}

async function screenshot(page: Page, viewer: Viewer, name: string) {
  await page.screenshot({
    path: artifact(viewer.role, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

let catalogue: Catalogue;
let visited = 0;

async function getJson<T>(route: string): Promise<T> {
  const response = await fetch(`${e2e.server.url}${route}`);
  expect(response.status, route).toBe(200);
  return (await response.json()) as T;
}

beforeAll(async () => {
  const [products, services, posts] = await Promise.all([
    getJson<Catalogue['products']>('/api/products?limit=200'),
    getJson<Catalogue['services']>('/api/digital-services'),
    getJson<Catalogue['posts']>('/api/blog'),
  ]);
  const product = products.find((item) => item.minimumTier === 2 && item.inStock);
  expect(product, 'an in-stock TIER 2 product in the seed').toBeDefined();
  catalogue = { products, services, posts, product: product! };
});

afterAll(() => {
  console.log(
    `Browser coverage: ${visited} (route, role) pairs visited (${screens.length} routes and an unknown path, 4 roles).`,
  );
});

/** Goes to a path and waits for its screen; anything that fails names the role and the route. */
async function visit(page: Page, viewer: Viewer, name: string, route: string, check: () => Promise<void>) {
  try {
    await page.goto(`${e2e.server.url}${route}`);
    await check();
    await expectNoSidewaysScroll(page);
    visited += 1;
  } catch (error) {
    await screenshot(page, viewer, `${name}.failed`).catch(() => undefined);
    throw new Error(`${viewer.role} at ${route}: ${(error as Error).message}`, { cause: error });
  }
}

async function notFound(page: Page) {
  await heading(page, '404 Page Not Found');
}

/** At phone size, the menu opens and closes, and holds the short list and the account control. */
async function checkMobileMenu(page: Page, viewer: Viewer) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${e2e.server.url}/`);
  const open = page.getByRole('button', { name: 'Open menu' });
  await open.waitFor();
  expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
  expect(await open.getAttribute('aria-expanded')).toBe('false');

  await open.click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.waitFor();
  const close = page.getByRole('button', { name: 'Close menu' });
  expect(await close.getAttribute('aria-expanded')).toBe('true');
  // The spec's list comes first, as it was; the menu adds every other screen after it and ends with the account
  // control.
  const texts = async (scope: Locator) =>
    (await scope.getByRole('link').allTextContents()).map((text) => text.trim());
  expect(await texts(menu.getByRole('list').first())).toEqual(
    signedIn(viewer)
      ? ['Home', 'Digital Services', 'Marketplace', 'Dashboard']
      : ['Home', 'Digital Services', 'Marketplace'],
  );
  expect((await texts(menu)).at(-1)).toBe(signedIn(viewer) ? 'Logout' : 'Request Access');
  expect(
    await menu
      .getByRole('link', { name: signedIn(viewer) ? 'Logout' : 'Request Access' })
      .getAttribute('href'),
  ).toBe(signedIn(viewer) ? '/api/logout' : '/api/login');
  await screenshot(page, viewer, 'mobile-menu');

  await close.click();
  await menu.waitFor({ state: 'detached' });
  await open.waitFor();

  // A link in the menu goes there and closes it.
  await open.click();
  await menu.getByRole('link', { name: 'Digital Services' }).click();
  await page.waitForURL((url) => url.pathname === '/digital');
  await heading(page, 'Digital Intelligence Services');
  await menu.waitFor({ state: 'detached' });
}

const viewers: readonly Viewer[] = [
  { role: 'signed-out', tier: null },
  { role: 'tier-1', tier: 1 },
  { role: 'tier-2', tier: 2 },
  { role: 'tier-4', tier: 4 },
];

describe('browser coverage of every route', () => {
  for (const viewer of viewers) {
    it(`${viewer.role}: every route, the navigation and the mobile menu`, async () => {
      // This run's screenshots only: a failed run's leftovers go.
      await rm(artifact(viewer.role), { recursive: true, force: true });
      await mkdir(artifact(viewer.role), { recursive: true });
      // One browser context for the role; members sign up through the API and get their tier from the CLI.
      // An unknown path is answered 404 with the app, which shows its not-found page (design 11.3).
      const page = await e2e.newPage({ expectedErrors: [new RegExp(`status of 404 .*${UNKNOWN_PATH}$`)] });
      if (signedIn(viewer)) {
        const email = await e2e.signUp(page, `coverage-${viewer.role}`);
        if (viewer.tier !== 1) await e2e.server.cli('user:set-tier', email, String(viewer.tier));
      }
      // The harness fails the test on a console error; this says on which page it came.
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().includes('401'))
          console.log(`[${viewer.role} ${page.url()}] ${message.text()}`);
      });

      for (const screen of screens) {
        const route = screen.path(catalogue);
        await visit(page, viewer, screen.name, route, async () => {
          if (screen.memberOnly && !signedIn(viewer)) await notFound(page);
          else await screen.check(page, viewer, catalogue);
          await checkNav(page, viewer);
          if (screen.name === 'home') await checkAccountControls(page, viewer);
          await screenshot(page, viewer, screen.name);
          if (screen.explore && (signedIn(viewer) || !screen.memberOnly))
            await screen.explore(page, viewer, catalogue);
        });
      }
      await visit(page, viewer, 'not-found', UNKNOWN_PATH, async () => {
        await notFound(page);
        await checkNav(page, viewer);
        await checkAccountControls(page, viewer);
        await screenshot(page, viewer, 'not-found');
      });

      await checkMobileMenu(page, viewer);
    }, 180_000);
  }
});

const WIDTHS = {
  desktop: { width: 1440, height: 900 },
  phone: { width: 390, height: 844 },
} as const;
type Width = keyof typeof WIDTHS;

/** How a screen is reached from the home page: a link of the main navigation, of the account menu or both. */
interface Reach {
  name: string;
  /** Where it lands: the path and, for a tab, the query. */
  url: string;
  /** The link's accessible name in the main navigation (desktop) or the account menu, and in the phone menu. */
  link: string | RegExp;
  /** On desktop the main navigation has it; otherwise the account menu does. The phone menu has everything. */
  inNav?: boolean;
  /** What shows the screen is there: its h1, and maybe a tab or a section that must be in view. */
  h1: string | RegExp;
  tab?: string;
  section?: string;
  /** Only for these viewers (default: anyone signed in). */
  only?: (viewer: Viewer) => boolean;
}

const reaches: readonly Reach[] = [
  { name: 'dashboard', url: '/dashboard', link: 'Dashboard', inNav: true, h1: 'Mission Control' },
  { name: 'vendor', url: '/vendor', link: 'Vendor portal', h1: 'Vendor Portal' },
  { name: 'settings', url: '/settings', link: 'Security', h1: 'Settings', tab: 'Security' },
  {
    name: 'settings-profile',
    url: '/settings?tab=profile',
    link: 'Profile',
    h1: 'Settings',
    tab: 'Profile',
  },
  {
    name: 'settings-analytics',
    url: '/settings?tab=analytics',
    link: 'Analytics',
    h1: 'Settings',
    tab: 'Analytics',
    only: director,
  },
  {
    name: 'settings-preferences',
    url: '/settings?tab=preferences',
    link: 'Preferences',
    h1: 'Settings',
    tab: 'Preferences',
  },
  {
    name: 'settings-privacy',
    url: '/settings?tab=privacy',
    link: 'Privacy',
    h1: 'Settings',
    tab: 'Privacy',
  },
  { name: 'cases', url: '/cases', link: 'Cases', h1: 'Cases' },
  {
    name: 'my-investigations',
    url: '/investigations',
    link: 'My investigation requests',
    h1: 'Investigation Services',
    section: 'My Investigation Requests',
  },
  { name: 'payments', url: '/payments', link: 'Payments', h1: 'Payments', tab: 'Subscription' },
  { name: 'mobile', url: '/mobile', link: 'Mobile & Integrations', h1: 'Mobile & Integrations' },
  { name: 'ai', url: '/ai', link: 'AI & Enterprise', h1: 'AI & Enterprise' },
  {
    name: 'secure-channel',
    url: '/secure-channel',
    link: 'Secure channel request',
    h1: 'Secure Channel Request',
  },
  { name: 'audit', url: '/audit', link: 'Audit Trail', h1: 'Audit Trail', only: director },
  // The Directors' review queues, each link named with how much waits in it.
  {
    name: 'review-payments',
    url: '/payments?tab=approvals',
    link: /^Pending payments, /,
    h1: 'Payments',
    tab: 'Approvals',
    only: director,
  },
  {
    name: 'review-upgrades',
    url: '/payments?tab=approvals',
    link: /^Tier 4 upgrades, /,
    h1: 'Payments',
    tab: 'Approvals',
    only: director,
  },
  {
    name: 'review-secure-channel',
    url: '/secure-channel',
    link: /^Secure channel requests, /,
    h1: 'Secure Channel Request',
    section: 'Security review queue',
    only: director,
  },
  {
    name: 'review-vendor-applications',
    url: '/vendor',
    link: /^Vendor applications, /,
    h1: 'Vendor Portal',
    section: 'Review queue',
    only: director,
  },
  {
    name: 'review-vendor-products',
    url: '/vendor',
    link: /^Vendor products, /,
    h1: 'Vendor Portal',
    section: 'Review queue',
    only: director,
  },
];

/** The public pages, reached the same way by everyone (the phone menu lists them after the spec's items). */
const publicReaches: readonly Reach[] = [
  {
    name: 'digital',
    url: '/digital',
    link: 'Digital Services',
    inNav: true,
    h1: 'Digital Intelligence Services',
  },
  { name: 'marketplace', url: '/marketplace', link: 'Marketplace', inNav: true, h1: 'Tactical Marketplace' },
  {
    name: 'investigations',
    url: '/investigations',
    link: 'Investigations',
    inNav: true,
    h1: 'Investigation Services',
  },
  { name: 'blog', url: '/blog', link: 'Intel Blog', inNav: true, h1: 'Intelligence Briefings' },
  { name: 'team', url: '/team', link: 'Team', inNav: true, h1: 'Leadership Team' },
];

/**
 * The link's section heading was scrolled to the top of the screen, just below the sticky header rather than under
 * it (or as near as the page's end allows), and the scrolling has ended.
 */
async function sectionInView(page: Page, name: string) {
  const section = page.getByRole('heading', { level: 2, name, exact: true });
  await section.waitFor();
  let lastScroll = -1;
  await expect
    .poll(
      async () => {
        const { placed, scrollY } = await section.evaluate((element) => {
          const header = document.querySelector('[data-slot="app-header"]')!.getBoundingClientRect();
          const box = element.getBoundingClientRect();
          const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
          const atTop = box.top >= header.bottom && (box.top - header.bottom <= 40 || atEnd);
          return { placed: atTop && box.bottom <= window.innerHeight, scrollY: window.scrollY };
        });
        const still = scrollY === lastScroll;
        lastScroll = scrollY;
        return placed && still;
      },
      // The menus wait up to 15 s for the page's requests before they scroll (client/app/layout/reveal-section.ts).
      { timeout: 20_000, interval: 250 },
    )
    .toBe(true);
}

/** Opens the menu that holds `reach`'s link at this width and returns where to find the link. */
async function openMenuFor(page: Page, width: Width, reach: Reach): Promise<Locator> {
  if (width === 'phone') {
    await page.getByRole('button', { name: 'Open menu' }).click();
    return page.getByRole('navigation', { name: 'Mobile' });
  }
  if (reach.inNav) return page.getByRole('navigation', { name: 'Main' });
  await page.getByRole('button', { name: /^Account menu/ }).click();
  return page.getByRole('navigation', { name: 'Account' });
}

/** From the home page, one click in a menu (two for a product: its card) and the screen is there. */
async function reachByClicking(page: Page, viewer: Viewer, width: Width, reach: Reach) {
  try {
    await page.goto(`${e2e.server.url}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const menu = await openMenuFor(page, width, reach);
    await menu.getByRole('link', { name: reach.link, exact: typeof reach.link === 'string' }).click();
    const [pathname, search = ''] = reach.url.split('?');
    await page.waitForURL((url) => url.pathname === pathname && url.search === (search && `?${search}`));
    await heading(page, reach.h1);
    if (reach.tab)
      expect(await page.getByRole('tab', { name: reach.tab }).getAttribute('aria-selected')).toBe('true');
    if (reach.section) await sectionInView(page, reach.section);
    // The menu closed behind the click.
    expect(
      await page.getByRole('navigation', { name: width === 'phone' ? 'Mobile' : 'Account' }).count(),
    ).toBe(0);
    await page.screenshot({ path: artifact(`nav-${viewer.role}-${width}-${reach.name}.png`) });
    if (width === 'phone') await expectNoSidewaysScroll(page, reach.name);
  } catch (error) {
    await page
      .screenshot({ path: artifact(`nav-${viewer.role}-${width}-${reach.name}.failed.png`) })
      .catch(() => undefined);
    throw new Error(`${viewer.role} at ${width} width, ${reach.name}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** A product page: the marketplace from the menu, then a product card. */
async function reachProductByClicking(page: Page, viewer: Viewer, width: Width) {
  const marketplace = publicReaches.find((reach) => reach.name === 'marketplace')!;
  await reachByClicking(page, viewer, width, marketplace);
  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('h2').textContent())!.trim();
  await card.locator('h2 a').click();
  await page.waitForURL((url) => url.pathname.startsWith('/product/'));
  await heading(page, name);
  await page.screenshot({ path: artifact(`nav-${viewer.role}-${width}-product.png`) });
}

describe('every screen reached by clicking from the home page', () => {
  for (const viewer of viewers) {
    it(`${viewer.role}: at 1440x900 through the navigation and the account menu, at 390x844 through the phone menu`, async () => {
      await mkdir(ARTIFACTS, { recursive: true });
      const page = await e2e.newPage();
      if (signedIn(viewer)) {
        const email = await e2e.signUp(page, `reach-${viewer.role}`);
        if (viewer.tier !== 1) await e2e.server.cli('user:set-tier', email, String(viewer.tier));
      }
      if (director(viewer)) {
        // Something to review: a secure channel request, which the menus count.
        const response = await page.request.post(`${e2e.server.url}/api/secure-channel`, {
          data: {
            fullName: 'Meera Iyer',
            email: 'meera@example.test',
            phone: '+91 98450 67890',
            securityClearance: 'secret',
            accessPurpose: 'Coordinating witness protection logistics for an ongoing fraud prosecution.',
            operationalNeed: 'Counsel and investigators must exchange documents that cannot travel by mail.',
            referenceContact: 'Adv. K. Menon, +91 98200 11111',
            emergencyContact: 'R. Iyer, +91 98200 22222',
            encryptionPreference: 'enhanced',
            communicationFrequency: 'weekly',
            dataClassification: 'confidential',
          },
        });
        expect(response.status()).toBe(201);
      }
      const mine = signedIn(viewer) ? reaches.filter((reach) => reach.only?.(viewer) ?? true) : [];

      for (const width of ['desktop', 'phone'] as const) {
        await page.setViewportSize(WIDTHS[width]);
        await navigationScreens(page, viewer, width);
        for (const reach of [...publicReaches, ...mine]) await reachByClicking(page, viewer, width, reach);
        if (signedIn(viewer)) await reachProductByClicking(page, viewer, width);
      }
      if (director(viewer)) await decideFromTheMenu(page);
      // What a member may not open is not offered.
      if (signedIn(viewer) && !director(viewer)) {
        await page.setViewportSize(WIDTHS.desktop);
        await page.goto(`${e2e.server.url}/`);
        await page.getByRole('button', { name: 'Account menu' }).click();
        const menu = page.getByRole('navigation', { name: 'Account' });
        for (const name of ['Audit Trail', 'Analytics', /^Pending payments/])
          expect(await menu.getByRole('link', { name }).count()).toBe(0);
      }
    }, 240_000);
  }
});

/**
 * The top bar, the account menu and the phone menu (and its search) as this viewer sees them, for the record; for
 * a Director the counts the menus show are the API's.
 */
async function navigationScreens(page: Page, viewer: Viewer, width: Width) {
  const shot = (name: string) =>
    page.screenshot({ path: artifact(`nav-after-${viewer.role}-${width}-${name}.png`) });
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const counts = director(viewer)
    ? ((await (await page.request.get(`${e2e.server.url}/api/review/counts`)).json()) as ReviewCounts)
    : null;
  const waiting = (count: number) => (count === 0 ? 'nothing waiting' : `${count} waiting`);
  if (width === 'desktop') {
    await shot('top-bar');
    if (!signedIn(viewer)) return;
    await page.getByRole('button', { name: /^Account menu/ }).click();
    const menu = page.getByRole('navigation', { name: 'Account' });
    await menu.waitFor();
    if (counts) {
      expect(counts.secureChannel).toBeGreaterThan(0);
      await menu
        .getByRole('link', { name: `Secure channel requests, ${waiting(counts.secureChannel)}` })
        .waitFor();
      await menu.getByRole('link', { name: `Pending payments, ${waiting(counts.payments)}` }).waitFor();
    }
    await shot('account-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    return;
  }
  // Phone: the search has a button of its own, and the menu holds everything.
  await page.getByRole('button', { name: 'Open search' }).click();
  await page.getByRole('combobox', { name: 'Search' }).waitFor();
  expect(await page.getByRole('combobox', { name: 'Search' }).isVisible()).toBe(true);
  await shot('search');
  await page.getByRole('button', { name: 'Close search' }).click();
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await menu.waitFor();
  if (counts)
    await menu
      .getByRole('link', { name: `Secure channel requests, ${waiting(counts.secureChannel)}` })
      .waitFor();
  await shot('menu');
  await menu.evaluate((element) => element.scrollTo(0, element.scrollHeight));
  await shot('menu-end');
  await page.getByRole('button', { name: 'Close menu' }).click();
}

/**
 * A Director follows the menu's secure channel count to its queue, rejects the request waiting there, and the
 * menu's count drops by one (it is read again when the menu opens).
 */
async function decideFromTheMenu(page: Page) {
  const waiting = (count: number) => (count === 0 ? 'nothing waiting' : `${count} waiting`);
  const secureChannelCount = async () =>
    ((await (await page.request.get(`${e2e.server.url}/api/review/counts`)).json()) as ReviewCounts)
      .secureChannel;
  const before = await secureChannelCount();
  expect(before).toBeGreaterThan(0);
  await page.setViewportSize(WIDTHS.desktop);
  await page.goto(`${e2e.server.url}/`);
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: `Secure channel requests, ${waiting(before)}` })
    .click();
  await sectionInView(page, 'Security review queue');
  await page.getByRole('button', { name: 'Reject Meera Iyer' }).first().click();
  await page.getByText('Request Rejected', { exact: true }).first().waitFor();
  await page.getByRole('button', { name: /^Account menu/ }).click();
  await page
    .getByRole('navigation', { name: 'Account' })
    .getByRole('link', { name: `Secure channel requests, ${waiting(before - 1)}` })
    .waitFor();
  expect(await secureChannelCount()).toBe(before - 1);
  await page.screenshot({ path: artifact('nav-after-tier-4-desktop-account-menu-decided.png') });
}
