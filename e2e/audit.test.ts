import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { PASSWORD, useHarness } from './support/harness.js';

const e2e = useHarness();

describe('the audit trail', () => {
  it("shows a Director who did and saw what, filtered and a page at a time, on a desk and a phone; a member can't", async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 1440, height: 900 });
    const memberEmail = await e2e.signUp(page, 'audit-member');

    // A member opens a case and is told the trail is for Directors.
    const opened = await page.request.post(`${e2e.server.url}/api/cases`, {
      data: {
        title: 'Who read my file?',
        description: 'A case a Director opens, so that the read shows in the trail.',
        category: 'investigation',
      },
    });
    expect(opened.status()).toBe(201);
    const { id: caseId, caseNumber } = (await opened.json()) as { id: string; caseNumber: string };
    await page.goto(`${e2e.server.url}/audit`);
    await page.getByRole('heading', { name: 'Audit Trail', level: 1 }).waitFor();
    await page.getByText('Audit trail access requires Tier 4 clearance or higher.').waitFor();
    expect(await page.getByRole('form', { name: 'Audit filters' }).count()).toBe(0);
    await page.screenshot({ path: artifact('audit-member.png') });

    // A Director opens the member's case; sign-ins with unknown addresses fill more than one page.
    const { api: director, email: directorEmail } = await e2e.directorApi('audit');
    expect((await director.get(`/api/cases/${caseId}`)).status()).toBe(200);
    await director.dispose();
    for (let index = 0; index < 55; index++) {
      const failed = await page.request.post(`${e2e.server.url}/api/auth/login`, {
        data: { email: `nobody.${index}.${Date.now()}@example.test`, password: 'not the right one' },
      });
      expect(failed.status()).toBe(401);
    }

    // The same browser signs in as the Director and finds the trail on the dashboard.
    const login = await page.request.post(`${e2e.server.url}/api/auth/login`, {
      data: { email: directorEmail, password: PASSWORD },
    });
    expect(login.status()).toBe(200);
    await page.goto(`${e2e.server.url}/dashboard`);
    await page
      .getByRole('list', { name: 'Quick actions' })
      .getByRole('link', { name: /Audit trail/ })
      .click();
    await page.waitForURL((url) => url.pathname === '/audit');
    const rows = page.getByTestId('audit-event');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(50);
    await page.getByText('Showing 50 events').waitFor();
    await page.screenshot({ path: artifact('audit-desktop.png') });

    await page.getByRole('button', { name: 'Load more' }).click();
    await page.getByText(/Showing \d+ events · the end of the trail/).waitFor();
    expect(await rows.count()).toBeGreaterThan(55);
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // Only staff reads: the Director's read of the member's case, with both of them named.
    const form = page.getByRole('form', { name: 'Audit filters' });
    await form.getByLabel('Action').selectOption('staff.read');
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 1 event · the end of the trail').waitFor();
    const read = rows.first();
    await read.getByText("Staff read another user's record").waitFor();
    await read.getByText(directorEmail).waitFor();
    // The case by its number and its owner by address, not by ids.
    await read.getByText(caseNumber, { exact: true }).waitFor();
    await read.getByText(`User ${memberEmail}`).waitFor();
    await page.screenshot({ path: artifact('audit-desktop-staff-reads.png'), fullPage: true });

    // The same read found by the member's address typed into the subject user filter, in any case.
    await form.getByLabel('Subject user (e-mail or account id)').fill(memberEmail.toUpperCase());
    await form.getByRole('button', { name: 'Apply filters' }).click();
    await page.getByText('Showing 1 event · the end of the trail').waitFor();
    await rows.first().getByText(caseNumber, { exact: true }).waitFor();

    // One click narrows to the member: their registration, their case read; nothing else of theirs failed.
    await form.getByRole('button', { name: 'Clear filters' }).click();
    await rows.nth(49).waitFor();
    const memberRow = rows.filter({ hasText: 'Registered' }).filter({ hasText: memberEmail });
    await memberRow.getByRole('button', { name: `Show only events by ${memberEmail}` }).click();
    await page.getByText('Showing 1 event · the end of the trail').waitFor();
    await rows.first().getByText('auth.registered').waitFor();

    // On a phone the rows are cards with each column named.
    await form.getByRole('button', { name: 'Clear filters' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await rows.first().waitFor();
    expect(await page.getByRole('columnheader', { name: 'Actor' }).isVisible()).toBe(false);
    await page.screenshot({ path: artifact('audit-phone.png') });
    await rows.first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: artifact('audit-phone-cards.png') });
  });
});
