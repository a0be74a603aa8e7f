import { mkdir } from 'node:fs/promises';
import pg from 'pg';
import { request, type Browser, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runningClusterUrl } from '../server/db/embedded.js';
import { artifact, ARTIFACTS, expectNoSidewaysScroll, launchBrowser } from './support/browser.js';
import { PASSWORD } from './support/harness.js';
import { createStorage, startServer, type RunningServer, type ServerStorage } from './support/server.js';

// Service levels in the browser (issue 22 point 1). The server is started here rather than by the shared harness
// because the test moves a case's clock: it shifts the case's times into the past in the server's database, which
// is what hours passing would do, so a breach can be seen without waiting for it.

const LOADING_SCREEN_SEEN_KEY = 'intel-portal:loading-screen-seen';
const SIZES = [
  [1440, 900],
  [390, 844],
] as const;

let storage: ServerStorage;
let server: RunningServer;
let browser: Browser;
let databaseUrl: string;
let page: Page | undefined;
const errors: string[] = [];

beforeAll(async () => {
  storage = await createStorage();
  [server, browser] = await Promise.all([startServer({ storage }), launchBrowser()]);
  const url = storage.databaseUrl ?? (await runningClusterUrl(storage.dataDir, 'app'));
  if (!url) throw new Error('no database for this server');
  databaseUrl = url;
  await mkdir(ARTIFACTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await storage?.dispose();
});
afterEach(async () => {
  await page?.context().close();
  page = undefined;
  expect(errors.splice(0), 'errors in the browser console').toEqual([]);
});

async function newPage(width = 1440, height = 900): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height } });
  await context.addInitScript({ content: `sessionStorage.setItem('${LOADING_SCREEN_SEEN_KEY}', '1');` });
  page = await context.newPage();
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().includes('401')) errors.push(message.text());
  });
  return page;
}

let accounts = 0;
async function signUp(target: Page, label: string): Promise<string> {
  accounts += 1;
  const email = `e2e.sla.${label}.${accounts}.${Date.now()}@example.test`;
  const response = await target.request.post(`${server.url}/api/auth/register`, {
    data: { email, password: PASSWORD },
  });
  expect(response.status()).toBe(201);
  return email;
}

async function director() {
  const email = `e2e.sla.director.${Date.now()}@example.test`;
  await server.cli('user:create', '--email', email, '--password', PASSWORD, '--tier', '4');
  const api = await request.newContext({ baseURL: server.url });
  expect((await api.post('/api/auth/login', { data: { email, password: PASSWORD } })).status()).toBe(200);
  return { api, email };
}

/** Moves one case's clock `hours` forward: its opening and due times go that far into the past. */
async function age(caseId: string, hours: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `update cases set created_at = created_at - make_interval(hours => $2),
         first_response_due_at = first_response_due_at - make_interval(hours => $2),
         resolution_due_at = resolution_due_at - make_interval(hours => $2)
       where id = $1`,
      [caseId, hours],
    );
  } finally {
    await client.end();
  }
}

interface CaseRef {
  id: string;
  caseNumber: string;
  title: string;
}

async function openCase(target: Page, title: string): Promise<CaseRef> {
  const response = await target.request.post(`${server.url}/api/cases`, {
    data: {
      title,
      description: 'A case opened by the service-level browser test, long enough to pass.',
      category: 'osint',
      deadline: '2030-01-31',
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as CaseRef;
}

describe('service levels in the browser', () => {
  let overdue: CaseRef;
  let fresh: CaseRef;
  let answered: CaseRef;
  let staff: Awaited<ReturnType<typeof director>>;

  for (const [width, height] of SIZES) {
    it(`shows each case's clock beside the client's deadline, and a breach (${width}x${height})`, async () => {
      const client = await newPage(width, height);
      await signUp(client, `client${width}`);
      overdue = await openCase(client, `Overdue tip-off ${width}`);
      fresh = await openCase(client, `Fresh tip-off ${width}`);
      answered = await openCase(client, `Answered tip-off ${width}`);
      // Tier 1: a first response within 72 h. 80 hours pass for the overdue case.
      await age(overdue.id, 80);
      staff = await director();
      const reply = await staff.api.post(`/api/cases/${answered.id}/updates`, {
        data: { updateType: 'comment', content: 'We have started on this.' },
      });
      expect(reply.status()).toBe(201);

      await client.goto(`${server.url}/cases`);
      const card = (title: string) => client.getByTestId('case-card').filter({ hasText: title });
      const clock = (title: string) => card(title).getByTestId('sla-clock');
      await clock(fresh.title).getByText('First response due in 2 days').waitFor();
      expect(await clock(fresh.title).getAttribute('data-state')).toBe('running');
      await clock(overdue.title).getByText('First response breached 8 h ago').waitFor();
      expect(await clock(overdue.title).getAttribute('data-state')).toBe('breached');
      await clock(answered.title)
        .getByText(/Resolution due in 29 days/)
        .waitFor();
      // The client's own deadline sits beside the clock.
      await card(fresh.title)
        .getByTestId('sla-client-target')
        .getByText('Your deadline: Jan 31, 2030')
        .waitFor();
      await card(overdue.title).scrollIntoViewIfNeeded();
      await client.screenshot({ path: artifact(`sla-cases-${width}.png`) });

      // The case's own dialog shows the same clock.
      await client.goto(`${server.url}/cases?case=${overdue.id}`);
      const dialog = client.getByRole('dialog', { name: overdue.title });
      await dialog.getByTestId('sla-clock').getByText('First response breached 8 h ago').waitFor();
      await client.screenshot({ path: artifact(`sla-case-dialog-${width}.png`) });
    });
  }

  it('lets a Director list the breached cases first and filter them, and the job alerts the Directors once', async () => {
    const page = await newPage();
    const login = await page.request.post(`${server.url}/api/auth/login`, {
      data: { email: staff.email, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${server.url}/cases?tab=all`);
    const panel = page.getByRole('tabpanel', { name: 'All cases' });
    const titles = async () =>
      (await panel.getByTestId('case-card').getByRole('heading').allTextContents()).filter((title) =>
        title.includes('tip-off 390'),
      );
    await panel.getByTestId('case-card').first().waitFor();

    await panel.getByLabel('Order', { exact: true }).selectOption('due');
    await expect.poll(titles).toEqual(['Overdue tip-off 390', 'Fresh tip-off 390', 'Answered tip-off 390']);
    await panel.getByLabel('Service level', { exact: true }).selectOption('true');
    await expect.poll(titles).toEqual(['Overdue tip-off 390']);
    expect(
      await panel.getByTestId('sla-clock').evaluateAll((nodes) => nodes.map((n) => n.dataset.state)),
    ).toEqual(expect.arrayContaining(['breached']));
    expect(
      new Set(await panel.getByTestId('sla-clock').evaluateAll((nodes) => nodes.map((n) => n.dataset.state))),
    ).toEqual(new Set(['breached']));
    await page.screenshot({ path: artifact('sla-director-breached.png') });

    // The scheduled job (every minute) announces each overdue case once to the Directors.
    const titlesOfNotices = async () => {
      const response = await staff.api.get('/api/notifications?limit=200');
      return ((await response.json()) as { title: string }[])
        .map((notice) => notice.title)
        .filter((title) => title.endsWith('first response overdue'));
    };
    await expect
      .poll(titlesOfNotices, { timeout: 150_000, interval: 2_000 })
      .toEqual(expect.arrayContaining([`${overdue.caseNumber}: first response overdue`]));
    const count = (await titlesOfNotices()).filter((title) => title.startsWith(`${overdue.caseNumber}:`));
    expect(count).toHaveLength(1);
    await staff.api.dispose();
  }, 200_000);

  for (const [width, height] of SIZES) {
    it(`shows every tier's service levels on the payments page (${width}x${height})`, async () => {
      const page = await newPage(width, height);
      await signUp(page, `payments${width}`);
      await page.goto(`${server.url}/payments?tab=upgrade`);
      const table = page.getByTestId('service-levels-table');
      await table.waitFor();
      const rows = await table
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children, (cell) => cell.textContent?.trim())));
      expect(rows).toEqual([
        ['TIER 1 Basic(yours)', '72 h', '30 days', '45 days'],
        ['TIER 2 Operator', '24 h', '21 days', '30 days'],
        ['TIER 3 Agent', '8 h', '14 days', '21 days'],
        ['TIER 4 Director', '4 h', '7 days', '14 days'],
      ]);
      // Beside each paid tier's features on its card.
      const operator = page.getByRole('group', { name: 'Operator', exact: true });
      await operator.getByTestId('tier-service-levels').getByText('24 h').waitFor();
      const director = page.getByRole('group', { name: 'Director', exact: true });
      await director.getByTestId('tier-service-levels').getByText('4 h').waitFor();
      // The table fits the page: on a phone it scrolls inside its own box, the page does not scroll sideways.
      await expectNoSidewaysScroll(page);
      await operator.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`sla-payments-cards-${width}.png`) });
      await table.scrollIntoViewIfNeeded();
      await page.screenshot({ path: artifact(`sla-payments-table-${width}.png`) });
    });
  }
});
