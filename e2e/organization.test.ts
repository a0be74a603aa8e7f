import { describe, expect, it } from 'vitest';
import { artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const TITLE = 'Who leaked the supplier list';
const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

describe('organisations', () => {
  it('an owner manages the Organisation page and shares a case; a colleague reads it, at desktop and phone widths', async () => {
    const stamp = Date.now();
    const domain = `org${stamp}.example.test`;
    const { api: director } = await e2e.directorApi('organization');
    const created = await director.post('/api/enterprise/clients', {
      data: { name: 'Northwind Traders', domain, tier: 3 },
    });
    expect(created.status()).toBe(201);
    const client = (await created.json()) as { id: string };

    // The owner signs up with an address on the domain, and a Director seats them as the first owner.
    // An owner's page asks for the SSO settings, which answer 404 while none are set (design 12.4).
    const owner = await e2e.newPage({ expectedErrors: [/\/api\/organization\/sso\b/] });
    const ownerEmail = `owner@${domain}`;
    await e2e.signUp(owner, 'org-owner', { email: ownerEmail });
    expect(
      (
        await director.post(`/api/enterprise/clients/${client.id}/members`, { data: { email: ownerEmail } })
      ).status(),
    ).toBe(201);

    await owner.goto(`${e2e.server.url}/organization`);
    await owner.getByTestId('organization-name').getByText('Northwind Traders').waitFor();
    await owner.getByTestId('organization-role').getByText('Owner').waitFor();
    // The badge shows the organisation's tier; the own tier stays 1.
    await owner.getByText('TIER 3').first().waitFor();

    // Invite a colleague from the page.
    await owner.getByLabel('E-mail address to invite').fill(`analyst@${domain}`);
    await owner.getByRole('button', { name: 'Invite' }).click();
    await owner.getByRole('list', { name: 'Waiting invitations' }).getByText(`analyst@${domain}`).waitFor();
    await owner
      .getByRole('list', { name: 'Organisation audit trail' })
      .getByText('Invited to an organisation')
      .waitFor();

    // A colleague, seated as a member (the invitation needs a verified address; the API tests cover it).
    const colleague = await e2e.newPage();
    const colleagueEmail = `member@${domain}`;
    await e2e.signUp(colleague, 'org-member', { email: colleagueEmail });
    expect(
      (
        await director.post(`/api/enterprise/clients/${client.id}/members`, {
          data: { email: colleagueEmail, role: 'member' },
        })
      ).status(),
    ).toBe(201);
    await director.dispose();

    await owner.reload();
    await owner.getByTestId('organization-member').filter({ hasText: colleagueEmail }).waitFor();
    for (const size of SIZES) {
      await owner.setViewportSize({ width: size.width, height: size.height });
      await owner.screenshot({ path: artifact(`organization-owner-${size.name}.png`), fullPage: true });
    }

    // The owner opens a case shared with the organisation.
    await owner.setViewportSize({ width: 1280, height: 800 });
    await owner.goto(`${e2e.server.url}/cases`);
    await owner.getByRole('button', { name: 'New Case' }).click();
    const dialog = owner.getByRole('dialog', { name: 'New Case' });
    await dialog.getByLabel('Title').fill(TITLE);
    await dialog
      .getByLabel('Description')
      .fill('Our supplier price list appeared on a competitor’s site; find out who passed it on.');
    await dialog.getByLabel('Category').selectOption('digital_forensics');
    await dialog.getByLabel('Shared with my organisation (Northwind Traders)').check();
    await dialog.getByRole('button', { name: 'Create Case' }).click();
    await dialog.waitFor({ state: 'detached' });
    await owner
      .getByTestId('case-card')
      .filter({ hasText: TITLE })
      .getByTestId('case-shared')
      .getByText('Shared with my organisation')
      .waitFor();

    // The colleague sees it, marked as a colleague's, reads it and has no comment box (members read only).
    for (const size of SIZES) {
      await colleague.setViewportSize({ width: size.width, height: size.height });
      await colleague.goto(`${e2e.server.url}/cases`);
      const card = colleague.getByTestId('case-card').filter({ hasText: TITLE });
      await card.getByText('Shared by a colleague').waitFor();
      await colleague.getByLabel('Show cases').selectOption('private');
      await card.waitFor({ state: 'detached' });
      await colleague.getByLabel('Show cases').selectOption('organization');
      await card.getByRole('button', { name: `View case` }).click();
      const detail = colleague.getByRole('dialog', { name: TITLE });
      await detail.getByText(ownerEmail).waitFor();
      expect(await detail.getByLabel('Add a comment').count()).toBe(0);
      expect(await detail.getByText('Attach a file').count()).toBe(0);
      await colleague.screenshot({
        path: artifact(`organization-shared-case-${size.name}.png`),
        fullPage: true,
      });
      await colleague.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
    }

    // The member's Organisation page: name, domain, tier and role, without the managers' sections.
    await colleague.goto(`${e2e.server.url}/organization`);
    await colleague.getByTestId('organization-role').getByText('Member').waitFor();
    expect(await colleague.getByRole('list', { name: 'Members' }).count()).toBe(0);
    await colleague.screenshot({ path: artifact('organization-member-phone.png'), fullPage: true });
    await owner.context().close();
  });
});
