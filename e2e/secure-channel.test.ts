import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, artifact } from './support/browser.js';
import { useHarness } from './support/harness.js';

const e2e = useHarness();

const texts = {
  'Full legal name': 'Meera Iyer',
  'Email address': 'meera.e2e@example.test',
  'Secure contact number': '+91 98450 67890',
  Organization: 'Iyer & Rao LLP',
  'Access purpose': 'Coordinating witness protection logistics for an ongoing fraud prosecution.',
  'Operational need': 'Counsel and investigators must exchange documents outside ordinary email.',
  'Reference contact': 'Adv. K. Menon, +91 98200 11111',
  'Emergency contact': 'R. Iyer, +91 98200 22222',
};

const choices = {
  'Security clearance level': 'Secret',
  'Encryption level': 'Enhanced Military Grade',
  'Communication frequency': 'Weekly',
  'Data classification': 'Confidential',
};

/** The confirmation's heading is in the viewport and below the sticky header, not hidden under it. */
async function expectHeadingInView(page: Page) {
  const heading = page.getByRole('heading', { name: 'Request Submitted for Security Review' });
  await expect
    .poll(async () => {
      const box = await heading.boundingBox();
      const header = await page.getByRole('banner').boundingBox();
      const viewport = page.viewportSize()!;
      return (
        box !== null &&
        header !== null &&
        box.y >= header.y + header.height &&
        box.y + box.height <= viewport.height
      );
    })
    .toBe(true);
}

const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}`));

describe('the secure channel', () => {
  it('takes an anonymous request, confirms it with the review steps, and starts afresh on request', async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    const page = await e2e.newPage();
    await page.goto(`${e2e.server.url}/secure-channel`);
    await page.getByRole('heading', { name: 'Secure Channel Request' }).waitFor();
    await page
      .getByRole('complementary', { name: 'Security notice' })
      .getByText(/permanent denial/)
      .waitFor();

    // Nothing filled: the schema's messages, and nothing sent.
    await page.getByRole('button', { name: 'Submit for Security Review' }).click();
    await page.getByText('Access purpose must be at least 50 characters').waitFor();
    await page.screenshot({ path: artifact('secure-channel-errors.png'), fullPage: true });

    for (const [label, value] of Object.entries(texts)) await field(page, label).fill(value);
    for (const [label, option] of Object.entries(choices)) {
      await field(page, label).selectOption({ label: option });
    }
    await page.screenshot({ path: artifact('secure-channel-form.png'), fullPage: true });
    await page.getByRole('button', { name: 'Submit for Security Review' }).click();

    await page.getByText('Request Submitted', { exact: true }).first().waitFor();
    expect(await page.getByText('Inquiry Submitted').count()).toBe(0);
    const confirmation = page.getByRole('region', { name: 'Request Submitted for Security Review' });
    await confirmation.waitFor();
    await expectHeadingInView(page);
    expect(
      await confirmation.getByRole('list', { name: 'Review steps' }).getByRole('heading').allTextContents(),
    ).toEqual(['Background verification', 'Security officer review', 'Access provisioning']);
    await confirmation.getByText(/24-48 hours/).waitFor();
    const reference = (await confirmation.getByText(/^Reference/).textContent())!
      .replace('Reference', '')
      .trim();
    await page.screenshot({ path: artifact('secure-channel-submitted.png'), fullPage: true });

    await page.getByRole('button', { name: 'Submit Another Request' }).click();
    await page.getByRole('form', { name: 'Secure channel request' }).waitFor();
    for (const label of [...Object.keys(texts), ...Object.keys(choices)]) {
      expect(await field(page, label).inputValue(), label).toBe('');
    }

    // On the server: stored, pending, without an account, as a Director reviewing the queue sees it.
    await page.context().close();
    const director = await e2e.newPage();
    const email = await e2e.signUp(director, 'secure-director');
    await e2e.server.cli('user:set-tier', email, '4');
    const response = await director.request.get(
      `${e2e.server.url}/api/secure-channel/requests?status=pending`,
    );
    expect(response.status()).toBe(200);
    const stored = ((await response.json()) as { id: string }[]).find((request) => request.id === reference);
    expect(stored).toMatchObject({
      fullName: 'Meera Iyer',
      email: 'meera.e2e@example.test',
      organization: 'Iyer & Rao LLP',
      securityClearance: 'secret',
      encryptionPreference: 'enhanced',
      communicationFrequency: 'weekly',
      dataClassification: 'confidential',
      complianceRequirements: null,
      userId: null,
      status: 'pending',
    });
  });

  it('shows the confirmation heading below the sticky header on a phone too', async () => {
    const page = await e2e.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e2e.server.url}/secure-channel`);
    for (const [label, value] of Object.entries(texts)) await field(page, label).fill(value);
    for (const [label, option] of Object.entries(choices)) {
      await field(page, label).selectOption({ label: option });
    }
    await page.getByRole('button', { name: 'Submit for Security Review' }).click();
    await page.getByRole('region', { name: 'Request Submitted for Security Review' }).waitFor();
    await expectHeadingInView(page);
    await page.screenshot({ path: artifact('secure-channel-submitted-phone.png') });
  });
});
