import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('live events', () => {
  for (const size of SIZES) {
    it(`a Director's reply appears on the client's open case and in the bell without a reload (${size.name})`, async () => {
      const page = await e2e.newPage();
      await page.setViewportSize({ width: size.width, height: size.height });
      await e2e.signUp(page, `live-${size.name}`);
      const title = `Live case at ${size.name} width`;
      const created = await page.request.post(`${e2e.server.url}/api/cases`, {
        data: {
          title,
          description: 'Someone forwards our board minutes to a journalist within hours of each meeting.',
          category: 'investigation',
        },
      });
      expect(created.status()).toBe(201);
      const { id } = (await created.json()) as { id: string };

      // The stream is open before the Director writes (the page does not poll while it is).
      const streamOpen = page.waitForResponse((response) => response.url().endsWith('/api/events'));
      await page.goto(`${e2e.server.url}/cases?case=${id}`);
      const detail = page.getByRole('dialog', { name: title });
      await detail.waitFor();
      expect((await streamOpen).status()).toBe(200);
      // No navigation of any kind until the reply shows (a reload would read it too).
      let navigations = 0;
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations += 1;
      });

      const { api: director } = await e2e.directorApi(`live-${size.name}`);
      const reply = await director.post(`/api/cases/${id}/updates`, {
        data: { updateType: 'comment', content: 'We traced the forwarding rule to a shared mailbox.' },
      });
      expect(reply.status()).toBe(201);
      const note = await director.post(`/api/cases/${id}/updates`, {
        data: { updateType: 'internal_note', content: 'Staff only: the assistant set the rule.' },
      });
      expect(note.status()).toBe(201);
      await director.dispose();

      await detail.getByText('We traced the forwarding rule to a shared mailbox.').waitFor();
      expect(await detail.getByText('Staff only: the assistant set the rule.').count()).toBe(0);
      expect(navigations).toBe(0);
      await page.screenshot({ path: artifact(`live-events-${size.name}.png`) });

      // Behind the case, the bell counts the reply's notification, as it came over the stream.
      await page.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      const bell = page.getByRole('button', { name: 'Notifications, 1 unread' });
      await bell.waitFor();
      await bell.click();
      await page
        .getByText(/: Comment$/)
        .first()
        .waitFor();
      await page.screenshot({ path: artifact(`live-events-bell-${size.name}.png`) });
    });
  }

  /**
   * A new member's page on /cases with its stream open and its calls answered, and the failed answers it gets from
   * then on. The bell's list is the last call: its chunk loads after the layout's, so it may leave after the stream
   * opened, and a session ended meanwhile would answer it 401, rightly.
   */
  async function memberWithStream(label: string) {
    const page = await e2e.newPage();
    await e2e.signUp(page, label);
    const failed: string[] = [];
    const answered = (path: string) => page.waitForResponse((response) => response.url().endsWith(path));
    const streamOpen = answered('/api/events');
    const bellRead = answered('/api/notifications');
    await page.goto(`${e2e.server.url}/cases`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await streamOpen).status()).toBe(200);
    expect((await bellRead).status()).toBe(200);
    page.on('response', (response) => {
      if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
    });
    return { page, failed };
  }

  it('a tab signed out in another shows itself signed out at once, without one failed call', async () => {
    const { page, failed } = await memberWithStream('live-two-tabs');

    // The same browser, another tab: Sign out.
    const other = await page.context().newPage();
    await other.goto(`${e2e.server.url}/api/logout`);
    await other.getByRole('link', { name: 'Request Access' }).first().waitFor();

    // The first tab hears it over its stream: it says so and shows the signed-out page, asking nothing.
    await page.getByText('Signed out', { exact: true }).waitFor();
    await page.getByText('Your session has ended. Sign in again to continue.').first().waitFor();
    await page.getByRole('link', { name: 'Sign in' }).first().waitFor();
    expect(await page.getByRole('button', { name: /^Account menu/ }).count()).toBe(0);
    await page.screenshot({ path: artifact('live-events-signed-out-elsewhere.png') });
    expect(failed).toEqual([]);
  });

  it('a tab whose browser signed in again in another follows the new session, without one failed call', async () => {
    const { page, failed } = await memberWithStream('live-first');

    // The same browser, another tab: a new account, which replaces the first one's session.
    const reopened = page.waitForResponse((response) => response.url().endsWith('/api/events'));
    const other = await page.context().newPage();
    const second = await e2e.signUp(other, 'live-second');

    // The first tab's stream ends with its session; the tab opens one for the new session and shows its user.
    expect((await reopened).status()).toBe(200);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).getByText(second).first().waitFor();
    expect(await page.getByText('Your session has ended. Sign in again to continue.').count()).toBe(0);
    await page.screenshot({ path: artifact('live-events-signed-in-elsewhere.png') });
    expect(failed).toEqual([]);
  });
});
